import { unzipSync } from 'fflate';
import type { TTrainingEngine } from '../training';

/**
 * The offline training engine (docs/product/personas.md): no model is trained here; the photos
 * that passed the checks are the persona's reference set. It only confirms the set it was given
 * and says so in the job's stage, so the job reads honestly.
 */
export function createLocalTrainingEngine(): TTrainingEngine {
  return {
    name: 'local',
    trains: false,
    run: async (input, context) => {
      context.signal?.throwIfAborted();
      const photos = Object.keys(unzipSync(new Uint8Array(input.zip))).filter((name) =>
        /\.jpe?g$/i.test(name),
      );
      if (!photos.length) throw new Error('The training set holds no photo');
      context.onProgress(
        100,
        `Reference set of ${photos.length} photos ready (offline: nothing is trained)`,
      );
      return { lora: null };
    },
  };
}
