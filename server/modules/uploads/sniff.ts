/** Image types recognised by their first bytes; the file name and the declared type are never trusted. */
export type ImageExt = 'jpg' | 'png' | 'gif' | 'webp';

export const CONTENT_TYPES: Record<ImageExt, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };

const startsWith = (buf: Buffer, bytes: number[], at = 0) => buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** How many first bytes sniffImage needs to tell every type (RIFF....WEBP is 12). */
export const SNIFF_BYTES = 12;

/** The image type of these bytes by magic number (JPEG, PNG, GIF87a/89a, RIFF…WEBP), or null. */
export function sniffImage(buf: Buffer): ImageExt | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** A requested extension as stored: jpeg is kept as jpg. */
export function normalizeExt(ext: unknown): ImageExt | null {
  const e = String(ext ?? '').trim().toLowerCase().replace(/^\./, '');
  if (e === 'jpg' || e === 'jpeg') return 'jpg';
  return e === 'png' || e === 'gif' || e === 'webp' ? e : null;
}
