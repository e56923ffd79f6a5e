import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, TOKEN_STORAGE_KEY, api, hasErrorCode, isTransient, onUnauthorised } from './api';

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

  it("turns a failure into an ApiError carrying the server's code, text and field", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(409, {
        success: false,
        error: 'An account with this email already exists',
        code: 'EMAIL_TAKEN',
        field: 'email',
      }),
    );
    const error = await api('/auth/register', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'An account with this email already exists',
      serverError: 'An account with this email already exists',
      field: 'email',
    });
    expect(hasErrorCode(error, 'EMAIL_TAKEN')).toBe(true);
    expect(isTransient(error)).toBe(false);
  });

  it('says the server cannot be reached when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await api('/health').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UNREACHABLE' });
    expect((error as Error).message).toMatch(/Cannot reach Muse/);
    expect(isTransient(error)).toBe(true);
  });

  it('calls an answer without the error shape unexpected, and worth another try', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await api('/health').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UNEXPECTED_ANSWER', serverError: undefined });
    expect(isTransient(error)).toBe(true);
  });

  it('tells the auth state of a refused session, and of no other 401', async () => {
    store.set(TOKEN_STORAGE_KEY, 'abc');
    const told = vi.fn();
    const stop = onUnauthorised(told);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, {
        success: false,
        error: 'Invalid email or password',
        code: 'INVALID_CREDENTIALS',
      }),
    );
    await api('/auth/login', { method: 'POST', body: {} }).catch(() => {});
    expect(told).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, {
        success: false,
        error: 'Please sign in to continue.',
        code: 'UNAUTHORISED',
      }),
    );
    await api('/influencers').catch(() => {});
    expect(told).toHaveBeenCalledTimes(1);
    stop();
  });
});
