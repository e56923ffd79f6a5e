/** What a job starts from, before it is stored beside the job (modules/jobs/service.ts). */
import { badRequest } from '../../lib/errors';
import { reencodeAsPng } from '../../lib/images';

/** A job's input as it is stored: its bytes and what its file row says of them. */
export type TJobInput = {
  data: Buffer;
  width: number;
  height: number;
  contentType: string;
  extension: string;
};

/** A picture (uploaded, or a gallery image), checked and re-encoded (lib/images) within `maxSide`. */
export async function pictureInput(
  data: Buffer,
  maxSide: number,
  tooLarge: string,
): Promise<TJobInput> {
  const input = await reencodeAsPng(data);
  if (Math.max(input.width, input.height) > maxSide) throw badRequest(tooLarge);
  return {
    data: input.png,
    width: input.width,
    height: input.height,
    contentType: 'image/png',
    extension: 'png',
  };
}

export type TJobUpload = {
  image: Buffer | null;
  /** A face swap's clip. */
  video?: Buffer | null;
  /** A talking video's own audio, said instead of a script. */
  audio?: Buffer | null;
  /** The names the browser gave the files, for the credit history. */
  imageName?: string | null;
  videoName?: string | null;
  audioName?: string | null;
  fields: Record<string, string | undefined>;
};

/**
 * A job's input file row, its bytes beside it to be stored: `{job}` in the key becomes the job's
 * id. An upscale or edit of a gallery image keeps its persona and words (gallery/record.ts).
 */
export function jobInputFile(workspaceId: string, input: TJobInput, upload: TJobUpload) {
  return {
    key: `users/${workspaceId}/jobs/{job}/input.${input.extension}`,
    width: input.width,
    height: input.height,
    contentType: input.contentType,
    fileName: `muse-input.${input.extension}`,
    ...(!upload.image && upload.fields.galleryId ? { galleryId: upload.fields.galleryId } : {}),
    data: input.data,
  };
}
