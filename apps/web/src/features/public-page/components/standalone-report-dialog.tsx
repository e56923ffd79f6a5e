import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ComponentProps } from 'react';
import { AuthProvider } from '../../../lib/auth';
import { ReportDialog } from './report-dialog';

/**
 * The report dialog on an influencer's public page's own first visit, which hydrates without the
 * app's providers (docs/decisions/0058-public-page-for-fans.md): loaded when the visitor reaches
 * for 'Report', with what the dialog needs, a query client (the report is sent as a mutation) and
 * the session (a signed-in account with a confirmed address is not asked for one).
 */
export function StandaloneReportDialog(props: ComponentProps<typeof ReportDialog>) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ReportDialog {...props} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
