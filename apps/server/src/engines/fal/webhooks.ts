/**
 * Verifying fal's webhooks (docs/decisions/0020-fal-hosted-engine.md). fal signs each delivery
 * with Ed25519 over four lines: the request id, the user id, the Unix timestamp (seconds) and the
 * hex SHA-256 of the raw body, joined by '\n'; the signature is hex in
 * `x-fal-webhook-signature`. The public keys come from fal's JWKS (several may be live while
 * fal rotates them). A delivery is accepted only with every header present, a timestamp within
 * five minutes, and a signature one of the keys verifies over the exact bytes received.
 */
import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';

export const FAL_JWKS_URL = 'https://rest.alpha.fal.ai/.well-known/jwks.json';
/** How far a delivery's timestamp may be from now, either way. */
export const FAL_WEBHOOK_TOLERANCE_SECONDS = 300;
/** Keys are kept this long; an unknown signature after a shorter while fetches them again. */
const KEYS_KEPT_MS = 24 * 60 * 60 * 1000;
const REFETCH_AFTER_MS = 5 * 60 * 1000;

const ZJwks = z.object({
  keys: z
    .array(z.object({ kty: z.string(), crv: z.string().optional(), x: z.string().optional() }))
    .default([]),
});

export type TFalWebhookHeaders = Record<string, string | string[] | undefined>;
export type TVerifiedFalWebhook = { requestId: string; userId: string; timestamp: number };

function header(headers: TFalWebhookHeaders, name: string): string | null {
  const value = headers[name];
  const one = Array.isArray(value) ? value[0] : value;
  return one && one.length <= 512 ? one : null;
}

/** The message fal signs for a delivery. */
export function falWebhookMessage(
  requestId: string,
  userId: string,
  timestamp: string,
  body: Buffer,
): Buffer {
  const digest = createHash('sha256').update(body).digest('hex');
  return Buffer.from([requestId, userId, timestamp, digest].join('\n'), 'utf8');
}

export type TFalWebhookVerifier = {
  /** The delivery's ids when it is fal's and fresh, else null (answer it 401). */
  verify: (
    body: Buffer,
    headers: TFalWebhookHeaders,
    now?: Date,
  ) => Promise<TVerifiedFalWebhook | null>;
};

export function createFalWebhookVerifier(
  options: { jwksUrl?: string; fetch?: typeof fetch } = {},
): TFalWebhookVerifier {
  const jwksUrl = options.jwksUrl ?? FAL_JWKS_URL;
  const fetchJson = options.fetch ?? fetch;
  let keys: { list: KeyObject[]; at: number } | null = null;
  let loading: Promise<KeyObject[]> | null = null;

  async function load(): Promise<KeyObject[]> {
    loading ??= (async () => {
      const response = await fetchJson(jwksUrl, { headers: { accept: 'application/json' } });
      if (!response.ok)
        throw new Error(`fal's webhook keys could not be read (${response.status})`);
      const jwks = ZJwks.parse(await response.json());
      const list = jwks.keys
        .filter((key) => key.kty === 'OKP' && key.crv === 'Ed25519' && typeof key.x === 'string')
        .map((key) =>
          createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.x }, format: 'jwk' }),
        );
      keys = { list, at: Date.now() };
      return list;
    })().finally(() => {
      loading = null;
    });
    return loading;
  }

  const matches = (list: KeyObject[], message: Buffer, signature: Buffer) =>
    list.some((key) => verify(null, message, key, signature));

  return {
    async verify(body, headers, now = new Date()) {
      const requestId = header(headers, 'x-fal-webhook-request-id');
      const userId = header(headers, 'x-fal-webhook-user-id');
      const timestamp = header(headers, 'x-fal-webhook-timestamp');
      const signatureHex = header(headers, 'x-fal-webhook-signature');
      if (!requestId || !userId || !timestamp || !signatureHex) return null;
      if (!/^\d{1,12}$/.test(timestamp) || !/^([0-9a-f]{2})+$/i.test(signatureHex)) return null;
      const seconds = Number(timestamp);
      if (Math.abs(now.getTime() / 1000 - seconds) > FAL_WEBHOOK_TOLERANCE_SECONDS) return null;
      const message = falWebhookMessage(requestId, userId, timestamp, body);
      const signature = Buffer.from(signatureHex, 'hex');
      if (signature.length !== 64) return null;

      const fresh = keys && Date.now() - keys.at < KEYS_KEPT_MS ? keys : null;
      const list = fresh ? fresh.list : await load();
      if (matches(list, message, signature)) return { requestId, userId, timestamp: seconds };
      // fal may have rotated its keys since they were read: read them again, not too often.
      if (
        fresh &&
        Date.now() - fresh.at >= REFETCH_AFTER_MS &&
        matches(await load(), message, signature)
      )
        return { requestId, userId, timestamp: seconds };
      return null;
    },
  };
}
