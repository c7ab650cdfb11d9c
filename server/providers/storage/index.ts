import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { API_BASES } from '../../../src/config/apiBases';
import type { ImageExt } from '../../modules/uploads/sniff';

/**
 * Where uploaded files live. Keys are `<tenantIdx>/<random>.<ext>`, never user input: the routes
 * make them. The local disk is the default; an object store (S3, GCS) implements the same four calls.
 */
export interface Storage {
  readonly name: string;
  /**
   * Stores the bytes under the key, all or nothing: when `data` is a stream that fails (an upload
   * over its limit, a refused type, a client gone), nothing is left under the key.
   */
  put(key: string, data: Buffer | AsyncIterable<Buffer>): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The public URL the console shows (served by GET /api/media/files/<key>). */
  url(key: string): string;
}

/** A storage key made by the server: tenant folder, then a long random name with an image extension. */
export const STORAGE_KEY = /^\d{1,10}\/[A-Za-z0-9_-]{22,64}\.(jpg|png|gif|webp)$/;

/** A new key for a tenant's file: 24 random bytes, so the public URL cannot be guessed. */
export const newStorageKey = (tenantIdx: number, ext: ImageExt) => `${tenantIdx}/${randomBytes(24).toString('base64url')}.${ext}`;

export const mediaUrl = (key: string) => `${API_BASES.media}/files/${key}`;

/** Files under `<dataDir>/uploads/<tenantIdx>/<random>.<ext>`. */
export function localDiskStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'uploads');
  const fileOf = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(root, ...key.split('/'));
  };
  return {
    name: 'local',
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file; the aside name is unique, so
      // two uploads of one key at once never write into the same file.
      const tmp = `${file}.${randomBytes(8).toString('hex')}.tmp`;
      try {
        await fs.writeFile(tmp, data);
        await fs.rename(tmp, file);
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    url: mediaUrl,
  };
}
