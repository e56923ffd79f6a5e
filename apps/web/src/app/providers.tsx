import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { PublicSessionProvider } from '../components/layout/public-session';
import { useHydrated } from '../components/layout/use-hydrated';
import { ToasterSlot } from '../components/ui/toaster-slot';
import { ApiError, isTransient } from '../lib/api';
import { AuthProvider, useAuth } from '../lib/auth';

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A refusal of the request will not fix itself on retry; a dropped connection might.
        retry: (failures, error) =>
          failures < 2 && (!(error instanceof ApiError) || isTransient(error)),
      },
    },
  });
}

/** The public header asks the session itself whether to offer 'Dashboard' (public-session.tsx). */
function PublicSessionFromAuth({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <PublicSessionProvider signedIn={user !== null}>{children}</PublicSessionProvider>;
}

/**
 * The app's providers. A page that arrives with its data (the marketplace's models) hands in a
 * client that already holds it, so its first render matches the server's
 * (docs/decisions/0034-prerendered-public-pages.md).
 */
export function Providers({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? makeQueryClient());
  // The toaster joins once a prerendered page has hydrated: its HTML was rendered without one
  // (docs/decisions/0034-prerendered-public-pages.md).
  const hydrated = useHydrated();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <PublicSessionFromAuth>{children}</PublicSessionFromAuth>
        {hydrated ? <ToasterSlot /> : null}
      </AuthProvider>
    </QueryClientProvider>
  );
}
