import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { getStoredToken, TOKEN_STORAGE_KEY } from '../../lib/session-token';

/**
 * Whether the visitor is signed in, for the public header. The app's providers pass the
 * session's own answer (app/providers.tsx). The landing hydrates without them, to keep its first
 * load small (docs/decisions/0034-prerendered-public-pages.md): there a stored session token
 * stands for it, and a token that turns out stale is cleared by the dashboard's own check.
 */
const PublicSessionContext = createContext<boolean | null>(null);

export function PublicSessionProvider({
  signedIn,
  children,
}: {
  signedIn: boolean;
  children: ReactNode;
}) {
  return <PublicSessionContext.Provider value={signedIn}>{children}</PublicSessionContext.Provider>;
}

function subscribeToStorage(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

const hasStoredToken = () => getStoredToken() !== null;

/** Signed out on the server and while a prerendered page hydrates: it was rendered so. */
export function usePublicSession(): boolean {
  const known = useContext(PublicSessionContext);
  const stored = useSyncExternalStore(subscribeToStorage, hasStoredToken, () => false);
  return known ?? stored;
}
