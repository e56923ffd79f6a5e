import { ZEnginesResponse } from '@muse/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/**
 * Who writes drafts here (GET /api/jobs/engines, `text`): Muse's templates, free previews, or a
 * text engine, a credit a draft. Read once, with the tools' query of the same answer.
 */
export function useTextEngine() {
  const engines = useQuery({
    queryKey: ['jobs', 'engines'],
    queryFn: ({ signal }) => api('/jobs/engines', { schema: ZEnginesResponse, signal }),
    staleTime: Infinity,
  });
  return engines.data?.text ?? null;
}
