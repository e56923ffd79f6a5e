import { useSubscription } from '../../../lib/subscription';
import { useOpenWorkspace } from '../../../lib/workspaces';

/**
 * The plan label in the sidebar's footer (docs/product/workspace.md): the open workspace's, FREE
 * or the name of the plan in force (Builder, Launch, Growth). The subscription's label is the
 * freshest (a purchase refreshes it); the list of workspaces stands in while it loads, and FREE
 * while neither can be read.
 */
export function usePlanLabel(): string {
  const subscription = useSubscription();
  const { workspace } = useOpenWorkspace();
  return subscription.data?.planLabel ?? workspace?.planLabel ?? 'FREE';
}
