import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../lib/paths';
import { createThreadedEngines } from './threaded-engines';

const PHOTO = path.join(SERVER_ROOT, 'test/fixtures/photos/group-1.jpg');
const engines = createThreadedEngines({
  engines: { upscale: 'local', 'edit-image': 'local', 'generate-prompt': 'local' },
  // Tiles on two threads: the engine thread and one tile thread, both busy at once.
  upscaleThreads: 2,
});
afterAll(() => engines.stop());

const photo = (size: number) =>
  sharp(PHOTO)
    .extract({ left: 140, top: 60, width: 560, height: 560 })
    .resize(size, size)
    .png()
    .toBuffer();

describe('engines in a thread', () => {
  it('upscale while the main thread keeps answering: no pause over 150 ms', async () => {
    const input = await photo(160);
    await engines.upscale.run(
      await photo(32),
      { model: 'v2', overlappingTiles: false },
      {
        onProgress: () => {},
      },
    ); // the model loads once

    let last = performance.now();
    let longestPause = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestPause = Math.max(longestPause, now - last);
      last = now;
    }, 10);
    const stages: string[] = [];
    const result = await engines.upscale.run(
      input,
      { model: 'v2', overlappingTiles: true },
      { onProgress: (_percent, stage) => stages.push(stage) },
    );
    clearInterval(ticker);

    const meta = await sharp(result.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 640, 640]);
    expect(stages).toContain('Upscaling tile 1 of 4');
    expect(stages.at(-1)).toBe('Done');
    expect(longestPause).toBeLessThan(150);
  }, 120_000);

  it('edits and writes prompts there too; a cancelled run stops, and the next one runs', async () => {
    const input = await photo(200);
    const edited = await engines['edit-image'].run(
      input,
      { aspectRatio: '9:16', format: 'webp', safetyTolerance: 6, prompt: '' },
      { onProgress: () => {} },
    );
    expect(edited.contentType).toBe('image/webp');
    const prompt = await engines['generate-prompt'].run(
      input,
      { customPrompt: 'golden hour' },
      { onProgress: () => {} },
    );
    expect(prompt.prompt.startsWith('golden hour')).toBe(true);

    const controller = new AbortController();
    const running = engines.upscale.run(
      await photo(256),
      { model: 'v1', overlappingTiles: true },
      {
        signal: controller.signal,
        onProgress: (_percent, stage) => {
          if (stage.startsWith('Upscaling tile 2')) controller.abort();
        },
      },
    );
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    // The cancelled run's thread was ended; a new one takes the next run.
    const next = await engines.upscale.run(
      await photo(32),
      { model: 'v1', overlappingTiles: false },
      { onProgress: () => {} },
    );
    expect([next.width, next.height]).toEqual([128, 128]);
  }, 120_000);
});
