/**
 * Edit Image (docs/product/tools.md): a picked picture reframed, converted, or changed as the
 * prompt describes (generative engines only), kept in the gallery like any tool's output.
 */
import { TOOL_MAX_INPUT_SIDE, TOOL_TEXTS } from '@muse/shared';
import { planPictureJob } from '../../modules/gallery/job-input';
import { keepEditInGallery } from '../../modules/gallery/record';
import { named } from '../../modules/jobs/outputs';
import { storedOptions, type TToolServer } from '../../modules/jobs/tool';

export const editImage: TToolServer<'edit-image'> = {
  key: 'edit-image',
  plan: (context, request) =>
    planPictureJob(context, 'edit-image', request, {
      maxSide: TOOL_MAX_INPUT_SIDE,
      tooLarge: TOOL_TEXTS.imageTooLarge,
      check: (options, engines) =>
        options.prompt && !engines['edit-image'].generative
          ? TOOL_TEXTS.generativeEngineNeeded
          : null,
    }),
  execute: async ({ db, deps, run }, row, input) => {
    const options = storedOptions('edit-image', row);
    const image = await deps.engines['edit-image'].run(input, options, run);
    const frame =
      options.aspectRatio === 'match' ? 'original' : options.aspectRatio.replace(':', 'x');
    const result = {
      outputs: [named(image, `muse-edited-${frame}`)],
      details:
        image.appliedSafetyTolerance === undefined
          ? {}
          : { appliedSafetyTolerance: image.appliedSafetyTolerance },
    };
    const instruction = options.prompt || null;
    return keepEditInGallery(
      db,
      deps,
      row,
      result,
      { tool: 'edit-image', instruction, input },
      run,
    );
  },
};
