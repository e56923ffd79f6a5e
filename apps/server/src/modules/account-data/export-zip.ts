import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough, type ZipInputFile } from 'fflate';
import type { TStorage } from '../../lib/storage';
import type { TExportEntry } from './export-contents';

/**
 * Writes the export's entries as one ZIP into storage at `key`, a file at a time: each stored
 * file is read as a stream and goes out as it is read, so memory holds a few chunks, never the
 * account's files (docs/product/data-rights.md). Pictures and videos are stored as they are (they
 * are compressed already); texts are deflated. A stored file that is gone is left out.
 * `onProgress` hears how many entries are written. Nothing is left in storage if it fails.
 */
export async function writeExportZip(
  storage: TStorage,
  key: string,
  entries: TExportEntry[],
  onProgress: (written: number) => Promise<void>,
): Promise<number> {
  const output = new PassThrough();
  let size = 0;
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      output.destroy(error);
      return;
    }
    size += chunk.length;
    output.write(chunk);
    if (final) output.end();
  });
  const upload = storage.putStream(key, output);
  // The upload is the reader: wait for it while it is behind, and hear at once if it failed.
  const drained = async () => {
    if (output.writableNeedDrain) await Promise.race([once(output, 'drain'), upload]);
  };
  try {
    let written = 0;
    for (const entry of entries) {
      if ('text' in entry) {
        const text = new ZipDeflate(entry.path, { level: 6 });
        zip.add(text);
        text.push(new TextEncoder().encode(entry.text), true);
      } else {
        const stored = await storage.get(entry.key);
        if (stored) {
          const copy: ZipInputFile & ZipPassThrough = new ZipPassThrough(entry.path);
          zip.add(copy);
          for await (const chunk of stored.stream) {
            copy.push(chunk as Uint8Array);
            await drained();
          }
          copy.push(new Uint8Array(0), true);
        }
      }
      await drained();
      written += 1;
      await onProgress(written);
    }
    zip.end();
    await upload;
    return size;
  } catch (error) {
    zip.terminate();
    output.destroy(error as Error);
    await upload.catch(() => {});
    await storage.delete(key).catch(() => {});
    throw error;
  }
}
