import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { uploadPhoto } from './api/upload-photo';
import { showPersona } from './api/get-persona';

export type TUpload = { key: number; name: string; error: string | null };

/** Photos checked at once: the face thread does one at a time, a second keeps it busy. */
const AT_ONCE = 2;

/**
 * Sends picked photos one request each, two at a time; each answer carries the whole persona
 * (every verdict depends on the set) and is shown at once. A refused photo stays as a tile with
 * the server's reason until dismissed.
 */
export function usePhotoUploads(influencerId: string) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<TUpload[]>([]);
  const next = useRef(0);

  async function send(files: File[]) {
    const batch = files.map((file) => ({ key: next.current++, name: file.name, file }));
    setUploads((current) => [
      ...current,
      ...batch.map(({ key, name }) => ({ key, name, error: null })),
    ]);
    const queue = [...batch];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const { key, file } = item;
        try {
          showPersona(queryClient, await uploadPhoto(influencerId, file));
          setUploads((current) => current.filter((upload) => upload.key !== key));
        } catch (error) {
          const message =
            error instanceof ApiError || error instanceof Error
              ? error.message
              : 'The photo could not be uploaded';
          setUploads((current) =>
            current.map((upload) => (upload.key === key ? { ...upload, error: message } : upload)),
          );
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, batch.length) }, worker));
  }

  const dismiss = (key: number) =>
    setUploads((current) => current.filter((upload) => upload.key !== key));
  const checking = uploads.filter((upload) => !upload.error).length;
  return { uploads, send, dismiss, checking };
}
