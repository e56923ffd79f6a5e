import { existsSync } from 'node:fs';
import { appendFile, writeFile } from 'node:fs/promises';

/**
 * A `writeFile` for the local storage (its `writeFile` option) that runs out of disk half-way:
 * the first half of the bytes reach the file, the rest go to /dev/full, where every write fails
 * with the kernel's own ENOSPC. Where there is no /dev/full (not Linux), the same error is made.
 */
export async function writeUntilDiskFull(file: string, data: Buffer): Promise<void> {
  const half = Math.max(1, Math.floor(data.length / 2));
  await writeFile(file, data.subarray(0, half));
  if (existsSync('/dev/full')) await appendFile('/dev/full', data.subarray(half));
  throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });
}
