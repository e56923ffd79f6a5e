import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeFal, type TFakeFal } from '../../../test/fakes/fal';
import { createFalConnection, rewriteFalUrl } from './client';
import { createFalWebhookVerifier, FAL_JWKS_URL } from './webhooks';

let fal: TFakeFal;
beforeAll(async () => {
  fal = await startFakeFal();
});
afterAll(() => fal.close());

const body = Buffer.from(
  JSON.stringify({ request_id: 'req-1', gateway_request_id: 'req-1', status: 'OK', payload: {} }),
);
/** The verifier as Muse builds it: fal's JWKS address, reached through FAL_API_URL. */
function verifier() {
  return createFalWebhookVerifier({ jwksUrl: rewriteFalUrl(FAL_JWKS_URL, fal.url) });
}

describe('fal webhook signatures (Ed25519, keys from the JWKS)', () => {
  it('accepts a delivery fal signed, and nothing altered', async () => {
    const check = verifier();
    const headers = fal.signWebhook(body, { requestId: 'req-1' });
    expect(await check.verify(body, headers)).toMatchObject({
      requestId: 'req-1',
      userId: 'fal-user-1',
    });
    // Another body, another request id, another user, a missing header: refused.
    expect(await check.verify(Buffer.from('{"status":"OK"}'), headers)).toBeNull();
    expect(
      await check.verify(body, { ...headers, 'x-fal-webhook-request-id': 'req-2' }),
    ).toBeNull();
    expect(await check.verify(body, { ...headers, 'x-fal-webhook-user-id': 'someone' })).toBeNull();
    expect(
      await check.verify(body, { ...headers, 'x-fal-webhook-signature': undefined }),
    ).toBeNull();
    expect(await check.verify(body, { ...headers, 'x-fal-webhook-signature': 'zz' })).toBeNull();
  });

  it('refuses a delivery more than five minutes old or ahead, so a captured one cannot be replayed', async () => {
    const check = verifier();
    const now = Math.floor(Date.now() / 1000);
    const old = fal.signWebhook(body, { requestId: 'req-1', timestamp: now - 301 });
    const ahead = fal.signWebhook(body, { requestId: 'req-1', timestamp: now + 301 });
    const recent = fal.signWebhook(body, { requestId: 'req-1', timestamp: now - 240 });
    expect(await check.verify(body, old)).toBeNull();
    expect(await check.verify(body, ahead)).toBeNull();
    expect(await check.verify(body, recent)).not.toBeNull();
  });

  it('follows a key rotation, reading the keys again only after a while', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const check = verifier();
      expect(
        await check.verify(body, fal.signWebhook(body, { requestId: 'req-1' })),
      ).not.toBeNull();
      fal.rotateWebhookKey({ retireOld: true });
      const rotated = fal.signWebhook(body, { requestId: 'req-1' });
      // Within five minutes of the last read, an unknown key is refused without asking fal.
      expect(await check.verify(body, rotated)).toBeNull();
      vi.setSystemTime(Date.now() + 6 * 60 * 1000);
      const later = fal.signWebhook(body, { requestId: 'req-1' });
      expect(await check.verify(body, later)).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the client reaches the fake with the same rewrite', async () => {
    const { fetchFile } = createFalConnection({ key: fal.apiKey, apiUrl: fal.url });
    const jwks = JSON.parse((await fetchFile(FAL_JWKS_URL)).toString('utf8'));
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
  });
});
