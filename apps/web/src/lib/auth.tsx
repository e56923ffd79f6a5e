import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ApiError, api, getStoredToken, setStoredToken } from './api';

export type TAuthUser = { id: string; email: string; fullName: string };

type TAuthState = {
  user: TAuthUser | null;
  loading: boolean;
  /** Stores a token the server issued and loads its user. */
  acceptToken: (token: string) => Promise<TAuthUser | null>;
  signOut: () => Promise<void>;
};

const AuthContext = createContext<TAuthState | null>(null);

type TMeResponse = { success: true; user: TAuthUser };

const meQueryKey = (token: string | null) => ['auth', 'me', token] as const;

/**
 * Auth states of spec §4: loading, then signed in (user set) or signed out. A stored token
 * is checked with GET /auth/me; a 401 clears it, any other failure keeps it but clears the user.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState(getStoredToken);

  const fetchMe = useCallback(async (): Promise<TAuthUser | null> => {
    try {
      return (await api<TMeResponse>('/auth/me')).user;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
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
    queryClient.removeQueries({ queryKey: ['auth'] });
  }, [queryClient]);

  const value = useMemo<TAuthState>(
    () => ({
      user: token ? (me.data ?? null) : null,
      loading: token !== null && me.isPending,
      acceptToken,
      signOut,
    }),
    [token, me.data, me.isPending, acceptToken, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): TAuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
