import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * A stored file as read: its bytes (the asked range only, when one was asked), their count, the
 * whole file's size and its content type.
 */
export type TStoredFile = {
  stream: Readable;
  size: number;
  totalSize: number;
  contentType: string;
};

/** Bytes `start` to `end`, both included (HTTP's byte ranges); no end: to the file's end. */
export type TByteRange = { start: number; end?: number };

/**
 * Where Muse keeps files. Keys are relative paths like `marketplace/3/0-card.webp`.
 * The local implementation writes under DATA_DIR; object storage implements the same interface.
 */
export type TStorage = {
  put: (key: string, data: Buffer) => Promise<void>;
  /**
   * Stores what `stream` yields as one file, without holding it all in memory (an account's
   * export ZIP); a failure part-way leaves no file behind.
   */
  putStream: (key: string, stream: Readable) => Promise<void>;
  /** The file, or part of it (a video player seeking); a range past the end reads nothing. */
  get: (key: string, range?: TByteRange) => Promise<TStoredFile | null>;
  exists: (key: string) => Promise<boolean>;
  /** Removes a file; a missing one is not an error. */
  delete: (key: string) => Promise<void>;
  /**
   * The keys of every file under `prefix` (a folder, ending in '/'), in no particular order: what
   * an account's deletion removes is read from the storage itself, not only from its rows.
   */
  list: (prefix: string) => Promise<string[]>;
};

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
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

/**
 * Makes a folder and the folders above it that are missing. Node's recursive `mkdir` reports a
 * read-only disk as ENOENT, which says nothing of the disk; then the missing folders are made one
 * at a time, top down, so the error that goes up is the disk's own (EROFS, EACCES), an outage
 * (docs/decisions/0026-outages.md).
 */
async function makeFolder(folder: string): Promise<void> {
  try {
    await mkdir(folder, { recursive: true });
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const missing: string[] = [];
  for (let at = folder; !(await stat(at).catch(() => null)); at = path.dirname(at)) {
    missing.unshift(at);
    if (path.dirname(at) === at) break;
  }
  for (const one of missing) {
    await mkdir(one).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
}

export function createLocalStorage(root: string, options: TLocalStorageOptions = {}): TStorage {
  const write = options.writeFile ?? ((file: string, data: Buffer) => writeFile(file, data));
  const full = (key: string) => {
    checkKey(key);
    return path.join(root, key);
  };
  /** A file of its own beside `target`, renamed over it once whole. */
  const partialOf = (target: string) =>
    `${target}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
  return {
    async put(key, data) {
      const target = full(key);
      await makeFolder(path.dirname(target));
      // Write then rename, so a reader never sees half a file. Each write has a file of its own,
      // so two writes of one key never write into each other's.
      const partial = partialOf(target);
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
    async putStream(key, stream) {
      const target = full(key);
      await makeFolder(path.dirname(target));
      const partial = partialOf(target);
      try {
        await pipeline(stream, createWriteStream(partial));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true }).catch(() => {});
        throw error;
      }
    },
    async get(key, range) {
      const target = full(key);
      const info = await stat(target).catch(() => null);
      if (!info?.isFile()) return null;
      const start = range?.start ?? 0;
      const end = Math.min(range?.end ?? info.size - 1, info.size - 1);
      return {
        stream: createReadStream(target, { start, end: Math.max(start, end) }),
        size: Math.max(0, end - start + 1),
        totalSize: info.size,
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
    async list(prefix) {
      checkKey(prefix);
      const folder = path.join(root, prefix);
      const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        },
      );
      return entries
        .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        );
    },
  };
}
