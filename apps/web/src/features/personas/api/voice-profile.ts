import { ZVoiceProfileResponse, type TVoiceProfile } from '@muse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const profileKey = (influencerId: string) => ['influencers', influencerId, 'voice-profile'];
const path = (influencerId: string) =>
  `/influencers/${encodeURIComponent(influencerId)}/voice-profile`;

/** GET /api/influencers/{id}/voice-profile: how the persona writes, or null for none yet. */
export function useVoiceProfile(influencerId: string) {
  return useQuery({
    queryKey: profileKey(influencerId),
    queryFn: async ({ signal }) =>
      (await api(path(influencerId), { schema: ZVoiceProfileResponse, signal })).profile,
  });
}

/** PUT (a profile) or DELETE (null) /api/influencers/{id}/voice-profile. */
export function useSaveVoiceProfile(influencerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (profile: TVoiceProfile | null) =>
      (
        await api(path(influencerId), {
          method: profile ? 'PUT' : 'DELETE',
          ...(profile ? { body: profile } : {}),
          schema: ZVoiceProfileResponse,
        })
      ).profile,
    onSuccess: (profile) => queryClient.setQueryData(profileKey(influencerId), profile),
  });
}
