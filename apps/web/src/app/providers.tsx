import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { PublicSessionProvider } from '../components/layout/public-session';
import { useHydrated } from '../components/layout/use-hydrated';
import { ToasterSlot } from '../components/ui/toaster-slot';
import { ApiError } from '../lib/api';
import { AuthProvider, useAuth } from '../lib/auth';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A client error will not fix itself on retry; a dropped connection might.
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

/** The public header asks the session itself whether to offer 'Dashboard' (public-session.tsx). */
function PublicSessionFromAuth({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <PublicSessionProvider signedIn={user !== null}>{children}</PublicSessionProvider>;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
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
