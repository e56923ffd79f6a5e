/**
 * What the platform fakes share: one HTTP server answers for every platform host, the way the
 * fal fake does. Muse reaches them through PLATFORMS_API_URL (modules/platforms/publisher.ts
 * `platformUrl`): a request for `https://graph.instagram.com/v23.0/me` arrives here as
 * `/graph.instagram.com/v23.0/me` and goes to the fake that owns the host `graph.instagram.com`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type TFakeRequest = {
  method: string;
  /** The platform host the request was for, e.g. `graph.instagram.com`. */
  host: string;
  /** The path on that host, without the query string, e.g. `/v23.0/me`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The raw body. */
  body: Buffer;
  /** The body parsed as JSON or as a form, whichever its content type says; else null. */
  fields: Record<string, unknown> | null;
};

/** One platform's fake: the hosts it answers for and its handler. */
export type TPlatformFake = {
  hosts: readonly string[];
  /** Answers one request; `base` is the fake server's own address (for links it hands out). */
  handle: (request: TFakeRequest, response: ServerResponse, base: string) => Promise<void>;
};

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export function redirect(response: ServerResponse, location: string): void {
  response.writeHead(302, { location });
  response.end();
}

/** The bearer token of a request, if it has one. */
export function bearerOf(request: TFakeRequest): string | null {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
