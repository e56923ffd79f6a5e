import { roleCan } from '@muse/shared';
import { useApprovals } from '../../../lib/approvals';
import { useCurrentWorkspace } from '../../../lib/current-workspace';

export type TNavCounts = { approvals: number };

/**
 * The counts beside the sidebar's links: the posts waiting for approval, asked only for a role
 * that may approve (an editor is refused the queue).
 */
export function useNavCounts(): TNavCounts {
  const { workspace } = useCurrentWorkspace();
  const approvals = useApprovals({
    enabled: workspace !== undefined && roleCan(workspace.role, 'approve'),
  });
  return { approvals: approvals.data?.length ?? 0 };
}
