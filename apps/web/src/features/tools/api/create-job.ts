import { ZJobResponse, type TJob, type TJobOptionsInput, type TJobTool } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateWorkspace } from '../../../lib/workspace';

/**
 * A tool, what it works on and its options as `ZJobRequest` (packages/shared) takes them. The
 * input is one of: an uploaded `image`, a gallery image (`galleryId`, no upload), the persona's
 * own reference photo (`reference`, Generate Video), an uploaded `video` (face swap), or nothing
 * the form sends (a product shot reads its product's photo). A talking video may bring its own
 * speech (`audio`), said instead of a script.
 */
export type TCreateJobInput<T extends TJobTool = TJobTool> = {
  tool: T;
  image?: File | undefined;
  /** A gallery image the server reads itself: sent instead of the file (no upload). */
  galleryId?: string | undefined;
  /** The chosen persona's best reference photo is the still (Generate Video). */
  reference?: boolean | undefined;
  /** The clip whose face is replaced (face swap). */
  video?: File | undefined;
  /** The words the persona says, recorded (Talking Video): sent instead of a script. */
  audio?: File | undefined;
  options: TJobOptionsInput<T>;
};

/**
 * POST /api/jobs (multipart): queues a tool's job and reserves its credits. The fields come
 * before the file, so a server that streams the upload has read them by the time it sees it.
 */
export async function createJob({
  tool,
  image,
  galleryId,
  reference,
  video,
  audio,
  options,
}: TCreateJobInput): Promise<TJob> {
  const body = new FormData();
  body.append('tool', tool);
  // Multipart fields are strings: the server's schema reads 'true', '6' and the like back.
  for (const [name, value] of Object.entries(options)) {
    if (value !== undefined) body.append(name, String(value));
  }
  if (galleryId) body.append('galleryId', galleryId);
  else if (reference) body.append('reference', 'true');
  else if (image) body.append('image', image, image.name);
  if (video) body.append('video', video, video.name);
  if (audio) body.append('audio', audio, audio.name);
  return (await api('/jobs', { method: 'POST', body, schema: ZJobResponse })).job;
}

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    // The balance dropped (or a refusal may mean it changed elsewhere): refresh it everywhere.
    onSettled: () => invalidateWorkspace(queryClient),
  });
}
