import type { TForgotPasswordRequest, TSuccessResponse } from '@muse/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/auth/forgot-password: mails a reset link when the account exists; same answer either way. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (request: TForgotPasswordRequest) =>
      api<TSuccessResponse>('/auth/forgot-password', { method: 'POST', body: request }),
  });
}
