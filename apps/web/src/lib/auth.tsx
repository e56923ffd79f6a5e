import type {
  TAuthResponse,
  TLoginRequest,
  TMeResponse,
  TRegisterRequest,
  TUser,
} from '@muse/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import {
  ApiError,
  hasErrorCode,
  TOKEN_STORAGE_KEY,
  api,
  getStoredToken,
  onUnauthorised,
  setStoredToken,
} from './api';

/**
 * The outcome of a sign-in or sign-up: data with a success flag plus error. `error` is the
 * server's text when it gave one; pages fall back to their generic text (docs/product/api.md).
 * A network failure or other exception is thrown instead.
 */
export type TAuthResult =
  { success: true; user: TUser; isNewUser: boolean } | { success: false; error?: string };

type TAuthState = {
  user: TUser | null;
  loading: boolean;
  signIn: (request: TLoginRequest) => Promise<TAuthResult>;
  signUp: (request: TRegisterRequest) => Promise<TAuthResult>;
  /** Trades /oauth-callback's one-time code for a session (docs/product/accounts.md). */
  exchangeGoogleCode: (code: string) => Promise<TAuthResult>;
  /** Stores a token the server issued and loads its user. */
  acceptToken: (token: string) => Promise<TUser | null>;
  signOut: () => Promise<void>;
  /**
   * Drops this browser's session without asking the server: for a session the server already
   * ended (a password reset signs every session out).
   */
  forgetSession: () => void;
  /** Asks the server for the user again (after a change it made on its own, e.g. becoming a creator). */
  refreshUser: () => Promise<TUser | null>;
  /** Shows a user the server answered after a change (the settings). */
  setUser: (user: TUser) => void;
};

const AuthContext = createContext<TAuthState | null>(null);

const meQueryKey = (token: string | null) => ['auth', 'me', token] as const;

/**
 * Auth states (docs/product/accounts.md): loading, then signed in (user set) or signed out. A
 * stored token is checked with GET /auth/me; a 401 clears it, any other failure keeps it but clears
 * the user.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState(getStoredToken);

  const fetchMe = useCallback(async (): Promise<TUser | null> => {
    try {
      return (await api<TMeResponse>('/auth/me')).user;
    } catch (error) {
      if (hasErrorCode(error, 'UNAUTHORISED')) {
        setStoredToken(null);
        setToken(null);
      }
      return null;
    }
  }, []);

  const me = useQuery({
    queryKey: meQueryKey(token),
    queryFn: fetchMe,
    enabled: token !== null,
    staleTime: Infinity,
    retry: false,
  });

  /** Keeps a freshly issued session: stored under `token`, its user cached. */
  const startSession = useCallback(
    (response: TAuthResponse): TAuthResult => {
      setStoredToken(response.token);
      queryClient.setQueryData(meQueryKey(response.token), response.user);
      setToken(response.token);
      return { success: true, user: response.user, isNewUser: response.isNewUser ?? false };
    },
    [queryClient],
  );

  const authenticate = useCallback(
    async (path: string, body: unknown): Promise<TAuthResult> => {
      try {
        return startSession(await api<TAuthResponse>(path, { method: 'POST', body }));
      } catch (error) {
        if (error instanceof ApiError && error.code !== 'UNREACHABLE') {
          return { success: false, error: error.serverError };
        }
        throw error;
      }
    },
    [startSession],
  );

  const signIn = useCallback(
    (request: TLoginRequest) => authenticate('/auth/login', request),
    [authenticate],
  );
  const signUp = useCallback(
    (request: TRegisterRequest) => authenticate('/auth/register', request),
    [authenticate],
  );
  const exchangeGoogleCode = useCallback(
    (code: string) => authenticate('/auth/google-callback', { access_token: code }),
    [authenticate],
  );

  const acceptToken = useCallback(
    async (next: string) => {
      setStoredToken(next);
      setToken(next);
      return queryClient.fetchQuery({ queryKey: meQueryKey(next), queryFn: fetchMe });
    },
    [queryClient, fetchMe],
  );

  const signOut = useCallback(async () => {
    await api('/auth/logout', { method: 'POST' }).catch(() => {});
    setStoredToken(null);
    setToken(null);
    queryClient.clear();
  }, [queryClient]);

  const forgetSession = useCallback(() => {
    setStoredToken(null);
    setToken(null);
    queryClient.clear();
  }, [queryClient]);

  const refreshUser = useCallback(async () => {
    if (!token) return null;
    return queryClient.fetchQuery({ queryKey: meQueryKey(token), queryFn: fetchMe, staleTime: 0 });
  }, [queryClient, fetchMe, token]);

  const setUser = useCallback(
    (user: TUser) => {
      if (token) queryClient.setQueryData(meQueryKey(token), user);
    },
    [queryClient, token],
  );

  // Every tab follows the stored token: signing in, out or a reset in one tab reaches the others
  // (docs/product/accounts.md, 'The session token').
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
      const stored = getStoredToken();
      setToken((current) => {
        if (current === stored) return current;
        if (!stored) queryClient.clear();
        return stored;
      });
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, [queryClient]);

  // A call refused with 401 while the session was thought live: ask /auth/me again, which
  // clears an ended session, and the route guard sends the user to /login.
  useEffect(
    () =>
      onUnauthorised(() => {
        if (token) void queryClient.invalidateQueries({ queryKey: meQueryKey(token) });
      }),
    [queryClient, token],
  );

  const value = useMemo<TAuthState>(
    () => ({
      user: token ? (me.data ?? null) : null,
      loading: token !== null && me.isPending,
      signIn,
      signUp,
      exchangeGoogleCode,
      acceptToken,
      signOut,
      forgetSession,
      refreshUser,
      setUser,
    }),
    [
      token,
      me.data,
      me.isPending,
      signIn,
      signUp,
      exchangeGoogleCode,
      acceptToken,
      signOut,
      forgetSession,
      refreshUser,
      setUser,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): TAuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
