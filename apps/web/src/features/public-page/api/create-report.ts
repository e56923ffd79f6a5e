import {
  ZCreateReportResponse,
  type TCreateReportRequest,
  type TCreateReportResponse,
} from '@muse/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/reports: a report of the page or one of its posts; answers its reference. */
export async function createReport(request: TCreateReportRequest): Promise<TCreateReportResponse> {
  return api('/reports', { method: 'POST', body: request, schema: ZCreateReportResponse });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
