import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyPlan, registerAccount } from './accounts';
import { startProgramWorld, type TProgramWorld } from './program-world';

/**
 * The API quickstart (docs/guides/api-quickstart.md) runs as written: its `sh` blocks, in order,
 * in one bash, against this Muse over HTTP, with the five variables it asks the reader to set
 * (MUSE, KEY, WEBHOOK_URL, PHOTOS, HANDLE) set here instead. A receiver verifies every delivery
 * with the Standard Webhooks library, with the secret the guide printed.
 */
const GUIDE = path.resolve(import.meta.dirname, '../../../docs/guides/api-quickstart.md');
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures/photos/persona');
const run = promisify(execFile);

let world: TProgramWorld;
/** A folder of ten photos of one woman, as the guide's reader has. */
let photos: string;

/** The guide's shell blocks, without the exports the reader fills in. */
function guideScript(): string {
  const blocks = [...readFileSync(GUIDE, 'utf8').matchAll(/```sh\n([\s\S]*?)```/g)].map(
    (match) => match[1]!,
  );
  const lines = blocks
    .join('\n')
    .split('\n')
    .filter((line) => !line.startsWith('export '));
  return ['set -euo pipefail', ...lines].join('\n');
}

beforeAll(async () => {
  world = await startProgramWorld();
  photos = await mkdtemp(path.join(os.tmpdir(), 'muse-guide-photos-'));
  for (let n = 1; n <= 10; n += 1) {
    const name = `same-person-${String(n).padStart(2, '0')}.jpg`;
    await copyFile(path.join(FIXTURES, name), path.join(photos, name));
  }
}, 120_000);
afterAll(async () => {
  await rm(photos, { recursive: true, force: true });
});

describe('the API quickstart', () => {
  // A whole flow (ten photo checks, a training, four jobs, their webhooks): a busy machine
  // takes longer than the file's default allows.
  it(
    'runs as written: a key, ten photos, training, four images, their webhooks, a post',
    { timeout: 120_000 },
    async () => {
      const { app } = world.context;
      const owner = await registerAccount(app, 'guide');
      await buyPlan(app, owner, 'launch');
      const made = await app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: owner.headers,
        payload: {
          name: 'Quickstart',
          scopes: [
            'influencers:write',
            'influencers:read',
            'tools:run',
            'publishing:write',
            'webhooks:write',
          ],
        },
      });
      const { stdout } = await run('bash', ['-c', guideScript()], {
        env: {
          PATH: process.env.PATH,
          MUSE: `${world.baseUrl}/api/v1`,
          KEY: made.json().key,
          WEBHOOK_URL: `${world.receiverUrl}/muse-events`,
          PHOTOS: photos,
          HANDLE: `lina.${owner.userId.slice(0, 8)}`,
        },
        timeout: 120_000,
      });
      const lines = stdout.trim().split('\n');
      // Ten photos, each checked ok.
      expect(lines.filter((line) => /^\d+: ok$/.test(line))).toHaveLength(10);
      // The deliveries of the training and the four images, as the API lists them.
      expect(lines.filter((line) => line.startsWith('job.succeeded '))).toHaveLength(5);
      expect(lines.at(-1)).toMatch(/^scheduled for \d{4}-\d\d-\d\dT/);

      const secret = lines.find((line) => line.startsWith('signing secret: '))!.slice(16);
      const signing = new Webhook(secret);
      const succeeded = () =>
        world.received
          .map(({ body, headers }) => signing.verify(body, headers as Record<string, string>))
          .filter((event) => (event as { type: string }).type === 'job.succeeded');
      await expect.poll(() => succeeded().length, { timeout: 60_000 }).toBe(5);
    },
  );
});
