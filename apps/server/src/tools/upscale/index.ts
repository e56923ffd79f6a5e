/**
 * Upscale (docs/product/tools.md): a picked picture up to UPSCALE_MAX_INPUT_SIDE, made 4x larger
 * by its engine, kept in the gallery like any tool's output.
 */
import { TOOL_TEXTS, UPSCALE_FACTOR, UPSCALE_MAX_INPUT_SIDE } from '@muse/shared';
import { planPictureJob } from '../../modules/gallery/job-input';
import { keepEditInGallery } from '../../modules/gallery/record';
import { named } from '../../modules/jobs/outputs';
import { storedOptions, type TToolServer } from '../../modules/jobs/tool';

export const upscale: TToolServer<'upscale'> = {
  key: 'upscale',
  plan: (context, request) =>
    planPictureJob(context, 'upscale', request, {
      maxSide: UPSCALE_MAX_INPUT_SIDE,
      tooLarge: TOOL_TEXTS.upscaleTooLarge,
    }),
  execute: async ({ db, deps, run }, row, input) => {
    const options = storedOptions('upscale', row);
    const image = await deps.engines.upscale.run(input, options, run);
    const result = { outputs: [named(image, `muse-upscaled-${UPSCALE_FACTOR}x`)] };
    return keepEditInGallery(
      db,
      deps,
      row,
      result,
      { tool: 'upscale', instruction: null, input },
      run,
    );
  },
};
