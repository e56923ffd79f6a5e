import { useMutation } from '@tanstack/react-query';
import { CONNECTION_ERROR, errorOfAnswer, getStoredToken, ApiError } from '../../../lib/api';

/**
 * GET /api/influencers/{id}/likeness/document: the consent document, for its owner's session
 * only (no link to it exists), saved under the name it was uploaded with.
 */
export async function downloadConsentDocument(id: string, name: string): Promise<void> {
  const token = getStoredToken();
  let response: Response;
  try {
    response = await fetch(`/api/influencers/${encodeURIComponent(id)}/likeness/document`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError('UNREACHABLE', CONNECTION_ERROR);
  }
  if (!response.ok)
    throw errorOfAnswer(response.status, await response.json().catch(() => undefined));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The browser has the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadConsentDocument(id: string) {
  return useMutation({ mutationFn: (name: string) => downloadConsentDocument(id, name) });
}
