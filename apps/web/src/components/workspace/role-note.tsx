import { WORKSPACE_TEXTS } from '@muse/shared';
import { Lock } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useOpenWorkspace } from '../../lib/workspaces';

/**
 * Stands where a control is left out because the person's role in the open workspace lacks the
 * right for it (docs/product/teams.md), in the words the server would refuse it with. Nothing
 * while the role is not known yet.
 */
export function RoleNote({ className }: { className?: string }) {
  const { role } = useOpenWorkspace();
  if (!role) return null;
  return (
    <p
      className={cn(
        'flex items-start gap-2 rounded-xl border border-ink-700 bg-ink-800/60 px-3 py-2.5 text-sm text-zinc-300',
        className,
      )}
    >
      <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-400" />
      {WORKSPACE_TEXTS.roleForbids(role)}
    </p>
  );
}
