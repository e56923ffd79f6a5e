import { ZPersonaResponse, type TLikenessStatementKind, type TPersona } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { showPersona } from './get-persona';

/**
 * POST /api/influencers/{id}/likeness: what the photos are, and for 'consent' the document.
 * Answers the persona with its new statement.
 */
export async function stateLikeness(
  id: string,
  statement: TLikenessStatementKind,
  document: File | null,
): Promise<TPersona> {
  const form = new FormData();
  form.append('statement', statement);
  if (document) form.append('document', document, document.name);
  const answer = await api(`/influencers/${encodeURIComponent(id)}/likeness`, {
    method: 'POST',
    body: form,
    schema: ZPersonaResponse,
  });
  return answer.persona;
}

export function useStateLikeness(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      statement,
      document,
    }: {
      statement: TLikenessStatementKind;
      document: File | null;
    }) => stateLikeness(id, statement, document),
    onSuccess: (persona) => showPersona(queryClient, persona),
  });
}
