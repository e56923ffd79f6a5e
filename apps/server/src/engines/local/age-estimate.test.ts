/**
 * The age model on the adult test photos (docs/decisions/0054-age-estimates.md): every adult
 * face, in every framing, reads at or above the threshold, and the estimates tell faces apart
 * (the face description model's own age output does not). No photo of a child is committed: the
 * refusals below the threshold are tested with the age held (test/age-checks.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MINIMUM_ESTIMATED_AGE } from '@muse/shared';
import { describe, expect, it } from 'vitest';
import { analysePhoto } from './face-check';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/photos');
const ADULT_PHOTOS = [
  ...Array.from(
    { length: 10 },
    (_, i) => `persona/same-person-${String(i + 1).padStart(2, '0')}.jpg`,
  ),
  'persona/other-person.jpg',
  'persona/two-faces.jpg',
  'group-1.jpg',
  'group-2.jpg',
];

describe('age estimates', { timeout: 120_000 }, () => {
  it('read every adult face in the test photos at or above the threshold', async () => {
    const ages: number[] = [];
    for (const name of ADULT_PHOTOS) {
      const { faces } = await analysePhoto(readFileSync(path.join(FIXTURES, name)));
      expect(faces.length, name).toBeGreaterThan(0);
      for (const face of faces) {
        expect(face.estimatedAge, name).not.toBeNull();
        expect(face.estimatedAge!, name).toBeGreaterThanOrEqual(MINIMUM_ESTIMATED_AGE);
        ages.push(face.estimatedAge!);
      }
    }
    // Faces of different people read differently: the model is measuring, not answering one number.
    expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThan(8);
  });
});
