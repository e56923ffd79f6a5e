/**
 * Product shots (docs/product/video-and-products.md): a persona presenting one of the account's
 * products. The product's photo is the job's input, found and checked when the job is queued;
 * running it, the engine is told the persona and the product as they are now, and the image goes
 * through the safety check, its likeness, storage and the gallery (gallery/record.ts). A persona
 * or product deleted while the job waited fails it, refunded.
 */
import { randomInt } from 'node:crypto';
import { SEED_MAX, TOOL_MAX_INPUT_SIDE, TOOL_TEXTS, VIDEO_TEXTS } from '@muse/shared';
import { badRequest } from '../../lib/errors';
import { uploadPlan } from '../../modules/gallery/job-input';
import { jobParent, keepInGallery } from '../../modules/gallery/record';
import { pictureInput } from '../../modules/jobs/inputs';
import { named } from '../../modules/jobs/outputs';
import { parseToolRequest, storedOptions, type TToolServer } from '../../modules/jobs/tool';
import {
  goneAs,
  personaPhotoKey,
  personaWithPhoto,
  readStored,
} from '../../modules/personas/reference';
import { productForShot } from '../../modules/products/service';

export const productShot: TToolServer<'product-shot'> = {
  key: 'product-shot',
  plan: (context, request) => {
    const { tool, ...options } = parseToolRequest('product-shot', request.fields);
    const { db, deps, workspaceId } = context;
    return uploadPlan(context, tool, request, async () => {
      const product = await productForShot(db, workspaceId, options.productId);
      await personaPhotoKey(db, deps.storage, workspaceId, options.influencerId);
      const photo = product.imageKey ? await readStored(deps.storage, product.imageKey) : null;
      if (!photo) throw badRequest(VIDEO_TEXTS.productNoPhoto);
      const input = await pictureInput(photo, TOOL_MAX_INPUT_SIDE, TOOL_TEXTS.imageTooLarge);
      // The seed is kept with the job, so a retry draws the same scene.
      return {
        options: { ...options, seed: options.seed ?? randomInt(0, SEED_MAX) },
        input,
        // The credit history names the product shown (docs/product/plans-and-credits.md).
        subject: product.name,
      };
    });
  },
  execute: async ({ db, deps, run }, row, input) => {
    const options = storedOptions('product-shot', row);
    const product = await productForShot(db, row.workspaceId, options.productId).catch(
      goneAs(VIDEO_TEXTS.productGone),
    );
    const { persona, influencer, photo } = await personaWithPhoto(
      db,
      deps.storage,
      row.workspaceId,
      options.influencerId,
    );
    const image = await deps.engines['product-shot'].run(
      input,
      {
        ...options,
        persona,
        personaPhoto: photo,
        product: { name: product.name, description: product.description },
      },
      run,
    );
    const seed = image.seed ?? options.seed ?? 0;
    const result = { outputs: [named(image, `muse-product-shot-${seed}`)], details: { seed } };
    return keepInGallery(
      db,
      deps,
      row,
      result,
      {
        tool: 'product-shot',
        influencer,
        prompt: options.prompt,
        productId: product.id,
        // A composite: the product's photo, put into a scene with the persona.
        provenance: { action: 'edited', parent: await jobParent(db, deps.storage, row, input) },
      },
      run,
    );
  },
};
