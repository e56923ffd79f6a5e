/**
 * Muse's connection to fal, the hosted engine (docs/product/personas.md), through fal's own
 * client library. The client has no base-URL option, so for tests every request to fal's fixed
 * hosts is rewritten by the `fetch` it is given: `https://queue.fal.run/x` becomes
 * `${apiUrl}/queue.fal.run/x`, and likewise for `rest.fal.ai` and `fal.run`. URLs fal hands
 * back (uploads, outputs) are fetched as given.
 */
import { createFalClient, type FalClient } from '@fal-ai/client';

/** The hosts Muse reaches fal on (queue, REST storage, webhook keys, direct runs). */
export const FAL_HOSTS = ['queue.fal.run', 'rest.fal.ai', 'rest.alpha.fal.ai', 'fal.run'] as const;

/** A LoRA is at most a few hundred megabytes; anything larger is not what was asked for. */
export const MAX_FAL_FILE_BYTES = 512 * 1024 * 1024;

export type TFalConnection = {
  client: FalClient;
  /** Downloads an output fal produced (they expire: Muse keeps its own copy). */
  fetchFile: (url: string) => Promise<Buffer>;
};

/** The URL the request is sent to: fal's own, or the same path on `apiUrl` in tests. */
export function rewriteFalUrl(url: string, apiUrl?: string): string {
  if (!apiUrl) return url;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' || !(FAL_HOSTS as readonly string[]).includes(parsed.host))
    return url;
  return `${apiUrl.replace(/\/+$/, '')}/${parsed.host}${parsed.pathname}${parsed.search}`;
}

export function createFalConnection(options: { key: string; apiUrl?: string }): TFalConnection {
  const route = (input: string | URL | Request) =>
    rewriteFalUrl(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      options.apiUrl,
    );
  const client = createFalClient({
    credentials: options.key,
    fetch: (input, init) => fetch(route(input), init),
    // Muse's job has its own retry (the recovery sweep); a long wait here would only hide it.
    retry: { maxRetries: 0 },
  });
  return {
    client,
    async fetchFile(url) {
      const response = await fetch(route(url));
      if (!response.ok) throw new Error(`fal output could not be downloaded (${response.status})`);
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > MAX_FAL_FILE_BYTES) throw new Error('fal output is larger than expected');
      const data = Buffer.from(await response.arrayBuffer());
      if (data.length > MAX_FAL_FILE_BYTES) throw new Error('fal output is larger than expected');
      return data;
    },
  };
}

/** The fal connection, when a key is configured. */
export function falConnection(config: {
  FAL_KEY?: string | undefined;
  FAL_API_URL?: string | undefined;
}) {
  if (!config.FAL_KEY) return null;
  return createFalConnection({
    key: config.FAL_KEY,
    ...(config.FAL_API_URL ? { apiUrl: config.FAL_API_URL } : {}),
  });
}
