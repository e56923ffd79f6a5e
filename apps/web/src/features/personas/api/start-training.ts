import { ZStartTrainingResponse } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateWorkspace } from '../../../lib/workspace';
import { showPersona } from './get-persona';

/** POST /api/influencers/{id}/training: spends a model token and queues the training job. */
export async function startTraining(id: string) {
  return api(`/influencers/${encodeURIComponent(id)}/training`, {
    method: 'POST',
    schema: ZStartTrainingResponse,
  });
}

export function useStartTraining(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startTraining(id),
    onSuccess: ({ persona }) => {
      showPersona(queryClient, persona);
      void invalidateWorkspace(queryClient);
    },
  });
}
