import { useSubscription } from '../../../lib/subscription';

/**
 * The plan label in the sidebar's footer (docs/product/workspace.md): FREE, or the name of the plan
 * in force (Builder, Launch, Growth). FREE while the subscription loads or when it cannot be read.
 */
export function usePlanLabel(): string {
  return useSubscription().data?.planLabel ?? 'FREE';
}
