/**
 * What Generate Video, face swap and product shots start from (docs/product/video-and-products.md),
 * found and checked when the job is queued, before anything is spent: the still to animate (an
 * upload, a gallery image or the persona's own reference photo), the clip to swap a face into,
 * or the product's photo. Influencers and products are the account's own: another account's
 * answer 404 like unknown ones.
 */
import { randomInt } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  TOOL_MAX_INPUT_SIDE,
  TOOL_TEXTS,
  SEED_MAX,
  VIDEO_TEXTS,
  type TJobOptions,
  type TJobRequest,
} from '@muse/shared';
import type { TDatabase } from '../../db/client';
import type { TFaceAnalyser } from '../../engines/faces';
import { badRequest } from '../../lib/errors';
import type { TStorage } from '../../lib/storage';
import { readGalleryImage } from '../gallery/service';
import { bestReference } from '../generate/service';
import { findInfluencer } from '../influencers/service';
import { pictureInput, type TJobInput, type TJobUpload } from '../jobs/inputs';
import { productForShot } from '../products/service';
import type { TMediaRequest } from './run';
import { checkVideoUpload } from './video-upload';

type TDeps = { storage: TStorage; faces: Pick<TFaceAnalyser, 'faceEmbeddings'> };

const MEDIA_TOOLS: ReadonlySet<string> = new Set(['generate-video', 'face-swap', 'product-shot']);

export function isMediaRequest(request: TJobRequest): request is TMediaRequest {
  return MEDIA_TOOLS.has(request.tool);
}

async function read(storage: TStorage, key: string): Promise<Buffer | null> {
  const stored = await storage.get(key);
  return stored ? buffer(stored.stream) : null;
}

/** The key of the persona's best reference photo; refused when it has none yet. */
async function personaPhotoKey(db: TDatabase, storage: TStorage, userId: string, id: string) {
  const influencer = await findInfluencer(db, userId, id);
  const reference = await bestReference(db, influencer.id);
  if (!reference || !(await storage.exists(reference.key)))
    throw badRequest(VIDEO_TEXTS.personaNotReady, 'PERSONA_NOT_READY');
  return reference.key;
}

/** The still a video starts from: an upload, a gallery image, or the persona's own photo. */
async function stillFor(
  db: TDatabase,
  deps: TDeps,
  userId: string,
  influencerId: string | null,
  upload: TJobUpload,
): Promise<Buffer> {
  if (upload.image) return upload.image;
  const { galleryId, reference } = upload.fields;
  if (galleryId) return readGalleryImage(db, deps.storage, userId, galleryId);
  if (reference === 'true' && influencerId) {
    const photo = await read(
      deps.storage,
      await personaPhotoKey(db, deps.storage, userId, influencerId),
    );
    if (photo) return photo;
  }
  throw badRequest(VIDEO_TEXTS.stillRequired);
}

export async function prepareMediaJob(
  db: TDatabase,
  deps: TDeps,
  userId: string,
  request: TMediaRequest,
  upload: TJobUpload,
): Promise<{ options: TJobOptions; input: TJobInput; subject?: string }> {
  switch (request.tool) {
    case 'generate-video': {
      const { tool, ...options } = request;
      // A named persona must be the account's own, even when the still is an upload.
      if (options.influencerId) await findInfluencer(db, userId, options.influencerId);
      const still = await stillFor(db, deps, userId, options.influencerId, upload);
      const input = await pictureInput(still, TOOL_MAX_INPUT_SIDE, TOOL_TEXTS.imageTooLarge);
      return { options, input };
    }
    case 'face-swap': {
      const { tool, ...options } = request;
      await personaPhotoKey(db, deps.storage, userId, options.influencerId);
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
    }
    case 'product-shot': {
      const { tool, ...options } = request;
      const product = await productForShot(db, userId, options.productId);
      await personaPhotoKey(db, deps.storage, userId, options.influencerId);
      const photo = product.imageKey ? await read(deps.storage, product.imageKey) : null;
      if (!photo) throw badRequest(VIDEO_TEXTS.productNoPhoto);
      const input = await pictureInput(photo, TOOL_MAX_INPUT_SIDE, TOOL_TEXTS.imageTooLarge);
      // The seed is kept with the job, so a retry draws the same scene.
      return {
        options: { ...options, seed: options.seed ?? randomInt(0, SEED_MAX) },
        input,
        // The credit history names the product shown (docs/product/plans-and-credits.md).
        subject: product.name,
      };
    }
  }
}
