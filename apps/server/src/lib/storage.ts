import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export type TStoredFile = { stream: Readable; size: number; contentType: string };

/**
 * Where Muse keeps files. Keys are relative paths like `marketplace/3/0-card.webp`.
 * The local implementation writes under DATA_DIR; object storage implements the same interface.
 */
export type TStorage = {
  put: (key: string, data: Buffer) => Promise<void>;
  get: (key: string) => Promise<TStoredFile | null>;
  exists: (key: string) => Promise<boolean>;
  /** Removes a file; a missing one is not an error. */
  delete: (key: string) => Promise<void>;
};

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** The content type a stored file is served with, from its key's extension. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Keys are relative paths of safe characters; anything else is a programming error. */
export function checkKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
}

export type TLocalStorageOptions = {
  /**
   * Writes a file's bytes (fs `writeFile` unless given). Tests give one that fails part-way
   * through, as a full disk does, to check that nothing is left behind.
   */
  writeFile?: (file: string, data: Buffer) => Promise<void>;
};

export function createLocalStorage(root: string, options: TLocalStorageOptions = {}): TStorage {
  const write = options.writeFile ?? ((file: string, data: Buffer) => writeFile(file, data));
  const full = (key: string) => {
    checkKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = full(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a reader never sees half a file. Each write has a file of its own,
      // so two writes of one key never write into each other's.
      const partial = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
      try {
        await write(partial, data);
        await rename(partial, target);
      } catch (error) {
        // A full or read-only disk fails the write half-way: what was written goes, not just
        // the answer (docs/decisions/0026-outages.md).
        await rm(partial, { force: true }).catch(() => {});
        throw error;
      }
    },
    async get(key) {
      const target = full(key);
      const info = await stat(target).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        stream: createReadStream(target),
        size: info.size,
        contentType: contentTypeOf(key),
      };
    },
    async exists(key) {
      const info = await stat(full(key)).catch(() => null);
      return !!info?.isFile();
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
  };
}
