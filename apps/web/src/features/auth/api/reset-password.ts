import type { TResetPasswordRequest, TSuccessResponse } from '@muse/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/auth/reset-password: sets a new password with the one-time token from the e-mail. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (request: TResetPasswordRequest) =>
      api<TSuccessResponse>('/auth/reset-password', { method: 'POST', body: request }),
  });
}
