import path from 'node:path';
import sharp from 'sharp';
import { toolRecord } from '@muse/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../lib/paths';
import { createThreadedEngines } from './threaded-engines';

const PHOTO = path.join(SERVER_ROOT, 'test/fixtures/photos/group-1.jpg');
const engines = createThreadedEngines({
  engines: toolRecord(() => 'local'),
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
  // The main thread only passes bytes and progress along, so its event loop stays mostly idle
  // while the model runs. Utilisation is a share of the loop's own time, so a busy machine
  // does not change the verdict; the longest pause, in milliseconds, is a figure of the bench.
  it('upscale while the main thread keeps answering: its event loop stays mostly idle', async () => {
    const input = await photo(160);
    await engines.upscale.run(
      await photo(32),
      { model: 'v2', overlappingTiles: false },
      {
        onProgress: () => {},
      },
    ); // the model loads once

    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    const before = performance.eventLoopUtilization();
    const stages: string[] = [];
    const result = await engines.upscale.run(
      input,
      { model: 'v2', overlappingTiles: true },
      { onProgress: (_percent, stage) => stages.push(stage) },
    );
    const utilisation = performance.eventLoopUtilization(before).utilization;
    clearInterval(ticker);

    const meta = await sharp(result.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 640, 640]);
    expect(stages).toContain('Upscaling tile 1 of 4');
    expect(stages.at(-1)).toBe('Done');
    expect(ticks).toBeGreaterThan(0);
    // Running the model on the main thread keeps its loop busy all along (utilisation near 1).
    expect(utilisation).toBeLessThan(0.5);
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
