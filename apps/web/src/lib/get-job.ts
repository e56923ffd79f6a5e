import { ZJobResponse, type TJob } from '@muse/shared';
import { api } from './api';

/** GET /api/jobs/{id}: one job with fresh signed file URLs. */
export async function getJob(id: string, signal?: AbortSignal): Promise<TJob> {
  return (await api(`/jobs/${encodeURIComponent(id)}`, { schema: ZJobResponse, signal })).job;
}
