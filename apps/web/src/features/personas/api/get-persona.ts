import {
  ZInfluencerResponse,
  ZPersonaResponse,
  type TInfluencer,
  type TPersona,
} from '@muse/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { WORKSPACE_QUERY_KEY } from '../../../lib/workspace';

/** Under the workspace key: a photo, a training or a claim also refreshes counts and lists. */
export const personaKey = (id: string) => [...WORKSPACE_QUERY_KEY, 'persona', id] as const;
export const influencerKey = (id: string) => [...WORKSPACE_QUERY_KEY, 'influencer', id] as const;

/** GET /api/influencers/{id}/persona: photos with their verdicts, status, training, tokens. */
export async function getPersona(id: string, signal?: AbortSignal): Promise<TPersona> {
  const answer = await api(`/influencers/${encodeURIComponent(id)}/persona`, {
    schema: ZPersonaResponse,
    signal,
  });
  return answer.persona;
}

/** GET /api/influencers/{id}. */
export async function getInfluencer(id: string, signal?: AbortSignal): Promise<TInfluencer> {
  const answer = await api(`/influencers/${encodeURIComponent(id)}`, {
    schema: ZInfluencerResponse,
    signal,
  });
  return answer.influencer;
}

export function usePersona(id: string) {
  return useQuery(
    queryOptions({ queryKey: personaKey(id), queryFn: ({ signal }) => getPersona(id, signal) }),
  );
}

export function useInfluencer(id: string) {
  return useQuery(
    queryOptions({
      queryKey: influencerKey(id),
      queryFn: ({ signal }) => getInfluencer(id, signal),
    }),
  );
}

/** Shows an answer's persona at once, and refreshes what depends on it. */
export function showPersona(queryClient: QueryClient, persona: TPersona): void {
  queryClient.setQueryData(personaKey(persona.influencerId), persona);
  void queryClient.invalidateQueries({ queryKey: influencerKey(persona.influencerId) });
}
