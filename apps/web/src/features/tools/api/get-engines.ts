import { ZEnginesResponse } from '@muse/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type TEngines = z.infer<typeof ZEnginesResponse>;

/** GET /api/jobs/engines: which engine runs each tool and whether edits can follow words. */
export async function getEngines(signal?: AbortSignal): Promise<TEngines> {
  return api('/jobs/engines', { schema: ZEnginesResponse, signal });
}

/** Configuration of the installation: it changes only on a restart, so it is read once. */
export function useEngines() {
  return useQuery({
    queryKey: ['jobs', 'engines'],
    queryFn: ({ signal }) => getEngines(signal),
    staleTime: Infinity,
  });
}
