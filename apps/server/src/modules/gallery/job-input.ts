/**
 * What a tool job starts from when the creator picks a picture (docs/product/tools.md): the
 * upload, or a gallery image used as it is stored, without a new upload (`galleryId`), and the
 * name the credit history shows beside the tool (docs/product/plans-and-credits.md).
 */
import { TOOL_TEXTS, TOOLS, VIDEO_TEXTS, type TJobOptions, type TJobTool } from '@muse/shared';
import { badRequest } from '../../lib/errors';
import { jobSpendDescription } from '../billing/ledger';
import { jobInputFile, pictureInput, type TJobInput, type TJobUpload } from '../jobs/inputs';
import {
  admit,
  parseToolRequest,
  type TEnqueueContext,
  type TJobDeps,
  type TJobPlan,
  type TToolRequest,
} from '../jobs/tool';
import { personaPhotoKey, readStored } from '../personas/reference';
import { findGalleryItem, readGalleryImage } from './service';

/** The file the credit history names: the upload's, or the gallery image's. */
export async function uploadSubject(
  { db, workspaceId }: TEnqueueContext,
  upload: TJobUpload,
  file: 'image' | 'video',
): Promise<string | null | undefined> {
  if (!upload.image && !upload.video && upload.fields.galleryId)
    return (await findGalleryItem(db, workspaceId, upload.fields.galleryId)).fileName;
  return file === 'video' ? upload.videoName : upload.imageName;
}

/** The picked picture: the upload, or the gallery image as stored; null when neither. */
export async function pickedPicture(
  { db, deps, workspaceId }: TEnqueueContext,
  upload: TJobUpload,
): Promise<Buffer | null> {
  if (upload.image) return upload.image;
  const galleryId = upload.fields.galleryId;
  return galleryId ? readGalleryImage(db, deps.storage, workspaceId, galleryId) : null;
}

/**
 * The picture a video starts from: an upload, a gallery image, or with `reference=true` the
 * persona's own best reference photo; refused with `missing` when there is none.
 */
export async function pictureOrPersonaPhoto(
  context: TEnqueueContext,
  influencerId: string | null,
  upload: TJobUpload,
  missing: string = VIDEO_TEXTS.stillRequired,
): Promise<Buffer> {
  const { db, deps, workspaceId } = context;
  const picked = await pickedPicture(context, upload);
  if (picked) return picked;
  if (upload.fields.reference === 'true' && influencerId) {
    const photo = await readStored(
      deps.storage,
      await personaPhotoKey(db, deps.storage, workspaceId, influencerId),
    );
    if (photo) return photo;
  }
  throw badRequest(missing);
}

/**
 * The plan of a tool that works on one picked picture (upscale, edit, prompt): its options, the
 * plan's entitlement and price, the picture checked within `maxSide`, one job.
 */
export async function planPictureJob<T extends TJobTool>(
  context: TEnqueueContext,
  tool: T,
  request: TToolRequest,
  picture: {
    maxSide: number;
    tooLarge: string;
    /** Refuses options the configured engine cannot honour, before any credit is taken. */
    check?: (options: TJobOptions<T>, engines: TJobDeps['engines']) => string | null;
  },
): Promise<TJobPlan> {
  const { tool: _tool, ...options } = parseToolRequest(tool, request.fields);
  const refusal = picture.check?.(options as TJobOptions<T>, context.deps.engines);
  if (refusal) throw badRequest(refusal);
  return uploadPlan(context, tool, request, async (upload) => {
    const image = await pickedPicture(context, upload);
    if (!image) throw badRequest(TOOL_TEXTS.imageRequired);
    return { options, input: await pictureInput(image, picture.maxSide, picture.tooLarge) };
  });
}

/**
 * The plan of one job from POST /api/jobs: the plan's entitlement and price, the file the credit
 * history names, then the input `prepare` finds and checks (before the account's room is).
 */
export async function uploadPlan(
  context: TEnqueueContext,
  tool: TJobTool,
  request: TToolRequest,
  prepare: (upload: TJobUpload) => Promise<{
    options: Record<string, unknown>;
    input: TJobInput;
    subject?: string;
  }>,
): Promise<TJobPlan> {
  const upload = request.upload ?? { image: null, fields: {} };
  const cost = await admit(context, tool);
  const file = (TOOLS[tool].accepts as readonly string[]).includes('video') ? 'video' : 'image';
  const subject = await uploadSubject(context, upload, file);
  const { options, input, subject: named } = await prepare(upload);
  const job = { options, input: jobInputFile(context.workspaceId, input, upload) };
  return {
    count: 1,
    prepare: async () => ({
      jobs: [job],
      spend: {
        currency: 'credits',
        amount: cost,
        description: jobSpendDescription(tool, named ?? subject),
      },
      cost,
      engine: context.deps.engines[tool].name,
    }),
  };
}
