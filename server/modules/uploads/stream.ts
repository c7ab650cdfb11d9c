import { ApiError } from '../../http/errors';
import { SNIFF_BYTES, sniffImage, type ImageExt } from './sniff';
import { imageError, imageTooLarge } from './errors';

/** An image being received: its type (from its first bytes), its bytes to store, and how many have passed. */
export interface IncomingImage {
  ext: ImageExt;
  body: AsyncIterable<Buffer>;
  size(): number;
}

/**
 * Reads an upload as it arrives, never whole in memory: its first bytes give its type (refused
 * with 400 before anything is stored when they are no image), then `body` hands on the bytes,
 * counted, and fails with 413 the moment one more than `maxBytes` arrives, so the storage's write
 * fails and nothing is kept. The multipart parser is given a limit one byte above `maxBytes` for
 * this: its own limit cuts a file short silently (issue 20: 50 MB stored as 10 MiB).
 * A source that fails (the client went away) is a refused upload, not a server error.
 */
export async function readImage(source: AsyncIterable<Buffer>, maxBytes: number): Promise<IncomingImage> {
  const chunks = source[Symbol.asyncIterator]();
  const next = async () => {
    try {
      return await chunks.next();
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw imageError();
    }
  };
  let size = 0;
  const counted = (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) throw imageTooLarge();
    return chunk;
  };
  const head: Buffer[] = [];
  let ended = false;
  while (size < SNIFF_BYTES) {
    const read = await next();
    if (read.done) {
      ended = true;
      break;
    }
    head.push(counted(read.value));
  }
  const ext = sniffImage(Buffer.concat(head));
  if (!ext) throw imageError();
  async function* body(): AsyncGenerator<Buffer> {
    yield* head;
    if (ended) return;
    for (let read = await next(); !read.done; read = await next()) yield counted(read.value);
  }
  return { ext, body: body(), size: () => size };
}
