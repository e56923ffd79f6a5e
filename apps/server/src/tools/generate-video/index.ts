/**
 * Generate Video (docs/product/video-and-products.md): a still made into a short clip. The still
 * is an upload, a gallery image or the persona's own reference photo, found and checked when the
 * job is queued, before anything is spent. The clip goes through the safety check, its likeness
 * to the persona, storage and the gallery (gallery/record.ts).
 */
import { TOOL_MAX_INPUT_SIDE, TOOL_TEXTS } from '@muse/shared';
import { AppError } from '../../lib/errors';
import { pictureOrPersonaPhoto, uploadPlan } from '../../modules/gallery/job-input';
import { jobParent, keepInGallery } from '../../modules/gallery/record';
import { findInfluencer } from '../../modules/influencers/service';
import { pictureInput } from '../../modules/jobs/inputs';
import { namedVideo } from '../../modules/jobs/outputs';
import { parseToolRequest, storedOptions, type TToolServer } from '../../modules/jobs/tool';
import { personaForJob } from '../../modules/personas/reference';

export const generateVideo: TToolServer<'generate-video'> = {
  key: 'generate-video',
  plan: (context, request) => {
    const { tool, ...options } = parseToolRequest('generate-video', request.fields);
    return uploadPlan(context, tool, request, async (upload) => {
      // A named persona must be the account's own, even when the still is an upload.
      if (options.influencerId)
        await findInfluencer(context.db, context.workspaceId, options.influencerId);
      const still = await pictureOrPersonaPhoto(context, options.influencerId, upload);
      const input = await pictureInput(still, TOOL_MAX_INPUT_SIDE, TOOL_TEXTS.imageTooLarge);
      return { options, input };
    });
  },
  execute: async ({ db, deps, run }, row, input) => {
    const options = storedOptions('generate-video', row);
    // The persona only scores the clip: a deleted one leaves it unscored, not failed.
    const { influencer } = await personaForJob(db, row.workspaceId, options.influencerId).catch(
      (error: unknown) => {
        if (error instanceof AppError && error.statusCode === 404) return { influencer: null };
        throw error;
      },
    );
    const video = await deps.engines['generate-video'].run(input, options, run);
    const result = { outputs: [namedVideo(video, `muse-video-${options.duration}s`)] };
    return keepInGallery(
      db,
      deps,
      row,
      result,
      {
        tool: 'generate-video',
        influencer,
        prompt: options.prompt,
        productId: null,
        // A new clip, made from its still (an input to it).
        provenance: { action: 'created', parent: await jobParent(db, deps.storage, row, input) },
      },
      run,
    );
  },
};
