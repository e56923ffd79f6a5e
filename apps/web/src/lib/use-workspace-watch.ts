import { WORKSPACE_TEXTS } from '@muse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../components/ui/toaster';
import { onWorkspaceGone, takeWorkspaceGone, WORKSPACE_STORAGE_KEY } from './api';
import { invalidateWorkspaces, resetWorkspaceQueries } from './workspaces';

/**
 * Keeps the signed-in pages in the workspace the calls go to (the app shell runs it):
 *
 * - Removed from the open workspace (every call there answers 404 WORKSPACE_NOT_FOUND, and
 *   lib/api.ts has already gone back to the personal one), or removed while away from the shell:
 *   the person is told, the list of workspaces and every read of the old one are read again, and
 *   the dashboard opens.
 * - Another tab opened another workspace (the choice is shared): this tab follows, as it would
 *   after switching itself.
 */
export function useWorkspaceWatch(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    const gone = () => {
      if (!takeWorkspaceGone()) return;
      // A fixed id: several calls failing at once raise one notice.
      toast.info(WORKSPACE_TEXTS.removed, { id: 'workspace-removed' });
      void invalidateWorkspaces(queryClient);
      void resetWorkspaceQueries(queryClient);
      void navigate('/dashboard');
    };
    gone();
    // Told from inside the refused call: its query settles first, then everything is read again.
    let later: number | undefined;
    const stopGone = onWorkspaceGone(() => {
      window.clearTimeout(later);
      later = window.setTimeout(gone, 0);
    });

    const fromOtherTab = (event: StorageEvent) => {
      if (event.key !== WORKSPACE_STORAGE_KEY || event.oldValue === event.newValue) return;
      void resetWorkspaceQueries(queryClient);
      void navigate('/dashboard');
    };
    window.addEventListener('storage', fromOtherTab);
    return () => {
      window.clearTimeout(later);
      stopGone();
      window.removeEventListener('storage', fromOtherTab);
    };
  }, [queryClient, navigate]);
}
