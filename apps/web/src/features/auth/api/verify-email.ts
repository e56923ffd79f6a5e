import type { TSuccessResponse, TVerifyEmailRequest } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/auth/verify-email: confirms the address with the one-time token from the e-mail. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TVerifyEmailRequest) =>
      api<TSuccessResponse>('/auth/verify-email', { method: 'POST', body: request }),
    // A signed-in user's `emailVerified` changed: the shell's banner goes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['auth', 'me'] }),
  });
}
