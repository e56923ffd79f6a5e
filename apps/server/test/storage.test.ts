import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/lib/s3-storage';
import { createLocalStorage, type TStorage } from '../src/lib/storage';

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

  it('refuses keys that could leave their folder', async () => {
    const storage = create();
    await expect(storage.put('../secrets/x.png', Buffer.from('x'))).rejects.toThrow(
      'Invalid storage key',
    );
    await expect(storage.get('/etc/passwd')).rejects.toThrow('Invalid storage key');
  });
});
