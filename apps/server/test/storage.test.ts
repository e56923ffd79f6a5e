import { createServer } from 'node:http';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GENERIC_ERRORS } from '@muse/shared';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyOutage } from '../src/lib/outages';
import { createS3Storage } from '../src/lib/s3-storage';
import { createLocalStorage, type TStorage } from '../src/lib/storage';
import { writeUntilDiskFull } from './full-disk';
import { freePort } from './ports';

async function read(storage: TStorage, key: string): Promise<Buffer | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let folder: string;
let s3: S3rver;
let endpoint: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'muse-storage-'));
  // A local S3-compatible server from npm, speaking the S3 REST protocol.
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(folder, 's3'),
    configureBuckets: [{ name: 'muse-files', configs: [] }],
  });
  const { address, port } = (await s3.run()) as { address: string; port: number };
  endpoint = `http://${address}:${port}`;
});
afterAll(async () => {
  await s3?.close();
  await rm(folder, { recursive: true, force: true });
});

const implementations: [string, () => TStorage][] = [
  ['local disk', () => createLocalStorage(path.join(folder, 'local'))],
  [
    'S3-compatible object storage',
    () =>
      createS3Storage({
        bucket: 'muse-files',
        region: 'us-east-1',
        endpoint,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        prefix: 'test/',
      }),
  ],
];

describe.each(implementations)('%s', (_name, create) => {
  it('stores, reads, answers existence and deletes', async () => {
    const storage = create();
    const key = 'users/u1/jobs/j1/output-0.png';
    const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, data);
    expect(await storage.exists(key)).toBe(true);
    const file = await storage.get(key);
    expect([file?.size, file?.contentType]).toEqual([8, 'image/png']);
    expect(await read(storage, key)).toEqual(data);
    await storage.put(key, Buffer.from('replaced'));
    expect((await read(storage, key))?.toString()).toBe('replaced');
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
  });

  it('stores a stream bigger than one upload part, and lists a folder from the storage', async () => {
    const storage = create();
    // 9 MiB, in 64 KiB chunks: more than one part of an object storage's multipart upload.
    const chunk = Buffer.alloc(64 * 1024, 7);
    const chunks = Array.from({ length: 144 }, (_, i) => Buffer.concat([chunk, Buffer.from([i])]));
    await storage.putStream('users/u9/exports/big.zip', Readable.from(chunks));
    // Compared as bytes: a deep comparison of 9 MiB takes longer than the test may.
    const stored = await read(storage, 'users/u9/exports/big.zip');
    expect(stored?.equals(Buffer.concat(chunks))).toBe(true);
    await storage.putStream('users/u9/exports/small.zip', Readable.from([Buffer.from('small')]));
    expect((await read(storage, 'users/u9/exports/small.zip'))?.toString()).toBe('small');
    await storage.put('users/u9/jobs/j1/output-0.png', Buffer.from('png'));
    await storage.put('users/u99/jobs/j1/output-0.png', Buffer.from('another account'));
    expect((await storage.list('users/u9/')).sort()).toEqual([
      'users/u9/exports/big.zip',
      'users/u9/exports/small.zip',
      'users/u9/jobs/j1/output-0.png',
    ]);
    expect(await storage.list('users/nobody/')).toEqual([]);
  });

  it('a stream that fails part-way leaves no file', async () => {
    const storage = create();
    async function* failing() {
      yield Buffer.alloc(9 * 1024 * 1024, 1);
      throw new Error('the source broke');
    }
    await expect(
      storage.putStream('users/u8/broken.zip', Readable.from(failing())),
    ).rejects.toThrow('the source broke');
    expect(await storage.exists('users/u8/broken.zip')).toBe(false);
    expect(await storage.list('users/u8/')).toEqual([]);
  });

  it('refuses keys that could leave their folder', async () => {
    const storage = create();
    await expect(storage.put('../secrets/x.png', Buffer.from('x'))).rejects.toThrow(
      'Invalid storage key',
    );
    await expect(storage.get('/etc/passwd')).rejects.toThrow('Invalid storage key');
  });
});

/** Every file under `root` (folders left out), as sorted relative paths. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('local disk when a write fails', () => {
  it('a disk full half-way leaves no partial file and the old version in place', async () => {
    const root = path.join(folder, 'full-disk');
    const working = createLocalStorage(root);
    await working.put('users/u1/a.png', Buffer.from('the old version'));
    const full = createLocalStorage(root, { writeFile: writeUntilDiskFull });

    const replacing = await full
      .put('users/u1/a.png', Buffer.from('a new version'))
      .catch((error: unknown) => error);
    const adding = await full
      .put('users/u1/b.png', Buffer.from('a new file'))
      .catch((error: unknown) => error);
    for (const error of [replacing, adding]) {
      expect(error).toMatchObject({ code: 'ENOSPC' });
      expect(classifyOutage(error)).toMatchObject({
        kind: 'storage',
        message: GENERIC_ERRORS.storageUnavailable,
      });
    }
    expect(await filesUnder(root)).toEqual(['users/u1/a.png']);
    expect((await read(working, 'users/u1/a.png'))?.toString()).toBe('the old version');
  });

  it('a rename the file system refuses removes the written partial file', async () => {
    const root = path.join(folder, 'refused-rename');
    const storage = createLocalStorage(root);
    // The key's path is a folder with a file in it: the real rename onto it fails.
    await mkdir(path.join(root, 'users/u2/c.png'), { recursive: true });
    await writeFile(path.join(root, 'users/u2/c.png/keep.txt'), 'x');
    await expect(storage.put('users/u2/c.png', Buffer.from('data'))).rejects.toMatchObject({
      syscall: 'rename',
    });
    expect(await filesUnder(root)).toEqual(['users/u2/c.png/keep.txt']);
  });
});

describe('object storage outages', () => {
  const storageAt = (url: string) =>
    createS3Storage({
      bucket: 'muse-files',
      region: 'us-east-1',
      endpoint: url,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });

  /** An S3 endpoint that answers every request with `status` and an S3 error body. */
  async function answering(status: number, code: string) {
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(status, { 'content-type': 'application/xml' });
        response.end(
          `<?xml version="1.0"?><Error><Code>${code}</Code><Message>-</Message></Error>`,
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
  }

  it('an unreachable endpoint and a server error are outages; a refusal is not', async () => {
    const closed = await freePort();
    const unreachable = await storageAt(`http://127.0.0.1:${closed}`)
      .put('a/b.png', Buffer.from('x'))
      .catch((error: unknown) => error);
    expect(classifyOutage(unreachable)).toMatchObject({ kind: 'storage' });

    const failing = await answering(503, 'SlowDown');
    const slowDown = await storageAt(failing.url)
      .put('a/b.png', Buffer.from('x'))
      .catch((error: unknown) => error);
    failing.close();
    expect(classifyOutage(slowDown)).toMatchObject({ kind: 'storage' });

    // Wrong credentials are a configuration to fix, not an outage to wait out.
    const refusing = await answering(403, 'AccessDenied');
    const denied = await storageAt(refusing.url)
      .put('a/b.png', Buffer.from('x'))
      .catch((error: unknown) => error);
    refusing.close();
    expect(denied).toBeInstanceOf(Error);
    expect(classifyOutage(denied)).toBeNull();
  });
});
