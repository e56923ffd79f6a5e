import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, TOKEN_STORAGE_KEY, api } from './api';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('api', () => {
  const store = new Map<string, string>();
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    store.clear();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('sends the stored token as a bearer token under /api', async () => {
    store.set(TOKEN_STORAGE_KEY, 'abc');
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true }));
    await api('/auth/me');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/me');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer abc');
  });

  it('sends no authorization header without a stored token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await api('/health');
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers.authorization).toBeUndefined();
  });

  it("turns a failure into an ApiError carrying the server's text and status", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(409, { success: false, error: 'Email already registered' }),
    );
    const error = await api('/auth/register', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Email already registered' });
  });

  it('says the server cannot be reached when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await api('/health').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0 });
    expect((error as Error).message).toMatch(/Cannot reach Muse/);
  });
});
