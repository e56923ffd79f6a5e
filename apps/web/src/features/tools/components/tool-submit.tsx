import type { LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { RoleNote } from '../../../components/workspace/role-note';
import { useCan } from '../../../lib/workspaces';
import type { TToolAccess } from '../use-tool-access';
import { CostNote } from './cost-note';

/**
 * A tool's submit button with what it costs and why it failed to queue. A role that may not spend
 * the workspace's credits (a viewer) gets a note in its place.
 */
export function ToolSubmit({
  icon: Icon,
  label,
  access,
  gems,
  disabled,
  error,
}: {
  icon: LucideIcon;
  label: string;
  access: TToolAccess;
  /** The label names its cost in gems: say they are credits. */
  gems?: boolean;
  disabled: boolean;
  error: string | null | undefined;
}) {
  const canSpend = useCan('spend');
  if (!canSpend) return <RoleNote />;
  return (
    <div className="space-y-3">
      <Button
        type="submit"
        size="lg"
        // A long label (the offline preview wording) wraps on a phone instead of overflowing.
        className="h-auto min-h-12 w-full py-2 text-balance"
        disabled={disabled}
      >
        <Icon aria-hidden="true" className="size-5" />
        {label}
      </Button>
      <CostNote access={access} gems={gems} />
      {error ? (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
