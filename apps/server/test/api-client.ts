import createClient from 'openapi-fetch';
import type { paths } from '../openapi/v1';

/**
 * A client of the public API generated from its OpenAPI document (openapi-typescript types,
 * openapi-fetch calls): what an agency's program would use. Tests drive v1 through it, so the
 * document and the server cannot drift apart (openapi.test.ts keeps the types current).
 */
export function v1Client(baseUrl: string, key: string) {
  return createClient<paths>({
    baseUrl: `${baseUrl}/api/v1`,
    headers: { authorization: `Bearer ${key}` },
  });
}

export type TV1Client = ReturnType<typeof v1Client>;

/** A multipart body as openapi-fetch sends it: the browser's FormData, untouched. */
export const asForm = { bodySerializer: (body: unknown) => body as FormData };
