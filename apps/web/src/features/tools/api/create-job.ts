import { ZJobResponse, type TJob, type TJobTool } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateWorkspace } from '../../../lib/workspace';

/** The option fields of each tool, as the strings the multipart form carries. */
export type TJobOptionFields = {
  upscale: { model: 'v2' | 'v1'; overlappingTiles: 'true' | 'false' };
  'edit-image': { aspectRatio: string; format: string; safetyTolerance: string; prompt: string };
  'generate-prompt': { customPrompt: string };
};

export type TCreateJobInput<T extends TJobTool = TJobTool> = {
  tool: T;
  image: File;
  options: TJobOptionFields[T];
};

/**
 * POST /api/jobs (multipart): queues a tool's job and reserves its credits. The fields come
 * before the file, so a server that streams the upload has read them by the time it sees it.
 */
export async function createJob({ tool, image, options }: TCreateJobInput): Promise<TJob> {
  const body = new FormData();
  body.append('tool', tool);
  for (const [name, value] of Object.entries(options)) body.append(name, value);
  body.append('image', image, image.name);
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
