import zlib from 'node:zlib';

/**
 * The smallest PNG encoder browsers accept, so the demo seed needs no image library: 8-bit
 * indexed colour. The pixels are compressed apart from the palette, so pictures that share their
 * shape and differ only in colour compress their pixels once.
 */

/** One PNG chunk: length, type, data, CRC-32 of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The compressed image data of `indices` (one palette index per pixel, rows top to bottom). */
export function deflatePixels(width: number, height: number, indices: Uint8Array): Buffer {
  if (indices.length !== width * height) throw new Error(`expected ${width * height} pixels, got ${indices.length}`);
  const raw = Buffer.alloc((width + 1) * height);
  // Filter byte 0 (none) before each row: flat colours compress well without filtering.
  for (let y = 0; y < height; y++) raw.set(indices.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  return zlib.deflateSync(raw);
}

/** A PNG of pixels from deflatePixels coloured by `palette` (r, g, b per index, at most 256 entries). */
export function encodeIndexedPng(width: number, height: number, palette: Uint8Array, pixels: Buffer): Buffer {
  if (palette.length % 3 !== 0 || palette.length > 256 * 3) throw new Error('a palette is 1 to 256 r, g, b triples');
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8); // bit depth 8, colour type 3 (indexed), deflate, adaptive filters, no interlace
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('PLTE', Buffer.from(palette)), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}
