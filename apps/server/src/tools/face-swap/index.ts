/**
 * Video face swap (docs/product/video-and-products.md): the persona's face put into every frame
 * of an uploaded clip. The clip is checked by its own rules (modules/media/video-upload.ts) and
 * the persona must have a reference photo, before anything is spent; the result goes through the
 * safety check, its likeness, storage and the gallery (gallery/record.ts).
 */
import { VIDEO_TEXTS } from '@muse/shared';
import { badRequest } from '../../lib/errors';
import { uploadPlan } from '../../modules/gallery/job-input';
import { jobParent, keepInGallery } from '../../modules/gallery/record';
import { namedVideo } from '../../modules/jobs/outputs';
import { parseToolRequest, storedOptions, type TToolServer } from '../../modules/jobs/tool';
import { checkVideoUpload } from '../../modules/media/video-upload';
import { personaPhotoKey, personaWithPhoto } from '../../modules/personas/reference';

export const faceSwap: TToolServer<'face-swap'> = {
  key: 'face-swap',
  plan: (context, request) => {
    const { tool, ...options } = parseToolRequest('face-swap', request.fields);
    const { db, deps, workspaceId } = context;
    return uploadPlan(context, tool, request, async (upload) => {
      await personaPhotoKey(db, deps.storage, workspaceId, options.influencerId);
      if (!upload.video) throw badRequest(VIDEO_TEXTS.videoRequired);
      const checked = await checkVideoUpload(upload.video, deps.faces);
      return {
        options,
        input: {
          data: upload.video,
          width: checked.probe.width,
          height: checked.probe.height,
          contentType: checked.contentType,
          extension: checked.extension,
        },
      };
    });
  },
  execute: async ({ db, deps, run }, row, input) => {
    const options = storedOptions('face-swap', row);
    const { influencer, photo } = await personaWithPhoto(
      db,
      deps.storage,
      row.workspaceId,
      options.influencerId,
    );
    const video = await deps.engines['face-swap'].run(
      input,
      { ...options, personaPhoto: photo },
      run,
    );
    const result = { outputs: [namedVideo(video, 'muse-face-swap')] };
    return keepInGallery(
      db,
      deps,
      row,
      result,
      {
        tool: 'face-swap',
        influencer,
        prompt: `Face swap with ${influencer.name}`,
        productId: null,
        // The uploaded clip, changed.
        provenance: { action: 'edited', parent: await jobParent(db, deps.storage, row, input) },
      },
      run,
    );
  },
};
