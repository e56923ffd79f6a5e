import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  TOKEN_STORAGE_KEY,
  WORKSPACE_STORAGE_KEY,
  api,
  getOpenWorkspace,
  hasErrorCode,
  isTransient,
  onUnauthorised,
  onWorkspaceGone,
  setOpenWorkspace,
  setStoredToken,
  takeWorkspaceGone,
} from './api';

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

  describe('the open workspace', () => {
    const TEAM = '5d9c3e1b-7a2f-4b6e-9c8d-1e2f3a4b5c6d';
    const sentWorkspace = (call: number) =>
      (fetchMock.mock.calls[call]![1]?.headers as Record<string, string>)['X-Muse-Workspace'];
    const gone = () =>
      jsonResponse(404, {
        success: false,
        error: 'There is no such workspace.',
        code: 'WORKSPACE_NOT_FOUND',
      });

    beforeEach(() => {
      takeWorkspaceGone();
      store.set(TOKEN_STORAGE_KEY, 'abc');
    });

    it('is named on every signed-in call, and not at all in the personal workspace', async () => {
      fetchMock.mockImplementation(async () => jsonResponse(200, { success: true }));
      await api('/influencers');
      expect(sentWorkspace(0)).toBeUndefined();

      setOpenWorkspace(TEAM);
      expect(store.get(WORKSPACE_STORAGE_KEY)).toBe(TEAM);
      await api('/influencers');
      await api('/posts', { method: 'POST', body: {} });
      expect(sentWorkspace(1)).toBe(TEAM);
      expect(sentWorkspace(2)).toBe(TEAM);

      setOpenWorkspace(null);
      await api('/influencers');
      expect(sentWorkspace(3)).toBeUndefined();
    });

    it('is not sent without a session, and a new session starts in the personal one', async () => {
      fetchMock.mockImplementation(async () => jsonResponse(200, { success: true }));
      setOpenWorkspace(TEAM);
      setStoredToken('another-session');
      expect(getOpenWorkspace()).toBeNull();

      setOpenWorkspace(TEAM);
      setStoredToken(null);
      expect(store.has(WORKSPACE_STORAGE_KEY)).toBe(false);
      store.set(WORKSPACE_STORAGE_KEY, TEAM);
      await api('/invitations/abc');
      expect(sentWorkspace(0)).toBeUndefined();
    });

    it('is forgotten when it answers WORKSPACE_NOT_FOUND (the member was removed), once', async () => {
      const told = vi.fn();
      const stop = onWorkspaceGone(told);
      setOpenWorkspace(TEAM);
      fetchMock.mockResolvedValueOnce(gone()).mockResolvedValueOnce(gone());
      // Two calls in flight when the membership ended: both fail, one notice.
      const failures = await Promise.all([
        api('/influencers').catch((e: unknown) => e),
        api('/users/dashboard').catch((e: unknown) => e),
      ]);
      expect(failures.every((error) => hasErrorCode(error, 'WORKSPACE_NOT_FOUND'))).toBe(true);
      expect(getOpenWorkspace()).toBeNull();
      expect(told).toHaveBeenCalledTimes(1);
      expect(takeWorkspaceGone()).toBe(true);
      expect(takeWorkspaceGone()).toBe(false);

      // The next call is the personal workspace's.
      fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true }));
      await api('/influencers');
      expect(sentWorkspace(2)).toBeUndefined();
      stop();
    });

    it('keeps a workspace opened since the refused call was sent', async () => {
      const told = vi.fn();
      const stop = onWorkspaceGone(told);
      setOpenWorkspace(TEAM);
      let answer!: (response: Response) => void;
      fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
      const call = api('/influencers').catch((e: unknown) => e);
      // The person switched to another workspace while the call was on its way.
      setOpenWorkspace('7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b');
      answer(gone());
      await call;
      expect(getOpenWorkspace()).toBe('7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b');
      expect(told).not.toHaveBeenCalled();
      expect(takeWorkspaceGone()).toBe(false);
      stop();
    });
  });
});
