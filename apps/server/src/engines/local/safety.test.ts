import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../lib/paths';
import { createSafetyChecker } from '../safety';
import { checkSafety, isFlagged, type TSafetyScores } from './safety';

const PHOTOS = path.join(SERVER_ROOT, 'test/fixtures/photos');
const scores = (values: Partial<TSafetyScores>): TSafetyScores => ({
  Drawing: 0,
  Hentai: 0,
  Neutral: 0,
  Porn: 0,
  Sexy: 0,
  ...values,
});

describe('the safety rule', () => {
  it('withholds explicit content and lets fashion and swimwear through', () => {
    expect(isFlagged(scores({ Porn: 0.8, Neutral: 0.2 }))).toBe(true);
    expect(isFlagged(scores({ Porn: 0.35, Hentai: 0.3, Neutral: 0.35 }))).toBe(true);
    expect(isFlagged(scores({ Hentai: 0.7, Drawing: 0.3 }))).toBe(true);
    expect(isFlagged(scores({ Neutral: 0.95, Drawing: 0.05 }))).toBe(false);
    expect(isFlagged(scores({ Drawing: 0.9, Neutral: 0.1 }))).toBe(false);
    expect(isFlagged(scores({ Sexy: 0.6, Neutral: 0.3, Porn: 0.1 }))).toBe(false);
    expect(isFlagged(scores({ Sexy: 0.95, Porn: 0.05 }))).toBe(true);
  });
});

describe('the classifier (nsfwjs MobileNet v2 Mid, offline)', () => {
  const checker = createSafetyChecker();
  afterAll(() => checker.stop());

  it('passes ordinary photos, with scores that add up to one', { timeout: 60_000 }, async () => {
    for (const name of [
      'persona/same-person-01.jpg',
      'persona/two-faces.jpg',
      'persona/other-person.jpg',
      'group-2.jpg',
    ]) {
      const verdict = await checkSafety(readFileSync(path.join(PHOTOS, name)));
      expect(verdict.flagged, name).toBe(false);
      const total = Object.values(verdict.scores).reduce((sum, value) => sum + value, 0);
      expect(total).toBeCloseTo(1, 2);
      expect(verdict.scores.Porn + verdict.scores.Hentai).toBeLessThan(0.35);
    }
  });

  it('refuses bytes that are not a picture', async () => {
    await expect(checkSafety(Buffer.from('not an image'))).rejects.toThrow();
  });

  it('gives the same verdict in its own thread', { timeout: 60_000 }, async () => {
    const photo = readFileSync(path.join(PHOTOS, 'persona/same-person-02.jpg'));
    const here = await checkSafety(photo);
    const threaded = await checker.check(photo);
    expect(threaded.flagged).toBe(here.flagged);
    expect(threaded.scores.Neutral).toBeCloseTo(here.scores.Neutral, 5);
  });
});
