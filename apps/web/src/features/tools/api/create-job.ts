import { ZJobResponse, type TJob, type TJobOptionsInput, type TJobTool } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateWorkspace } from '../../../lib/workspace';

/** A tool, its picture and its options as `ZJobRequest` (packages/shared) takes them. */
export type TCreateJobInput<T extends TJobTool = TJobTool> = {
  tool: T;
  image: File;
  /** A gallery image the server reads itself: sent instead of the file (no upload). */
  galleryId?: string | undefined;
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
  options,
}: TCreateJobInput): Promise<TJob> {
  const body = new FormData();
  body.append('tool', tool);
  // Multipart fields are strings: the server's schema reads 'true', '6' and the like back.
  for (const [name, value] of Object.entries(options)) {
    if (value !== undefined) body.append(name, String(value));
  }
  if (galleryId) body.append('galleryId', galleryId);
  else body.append('image', image, image.name);
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
