import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { TUser } from '@muse/shared';
import { ChevronsUpDown, LogOut, Settings } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { usePlanLabel } from './plan-label';
import { truncateEmail } from './truncate-email';

/**
 * The sidebar's footer (docs/product/workspace.md): the e-mail cut to 10 characters, the plan
 * label, and a menu with Settings and Sign out.
 */
export function UserMenu({
  user,
  collapsed,
  onNavigate,
}: {
  user: TUser;
  collapsed: boolean;
  /** Called when an item leaves for another page (the drawer then closes). */
  onNavigate?: () => void;
}) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const plan = usePlanLabel();

  async function handleSignOut() {
    await signOut();
    navigate('/login', { replace: true });
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        title={user.email}
        className={cn(
          'flex w-full items-center rounded-xl text-left transition-colors hover:bg-ink-800 data-[state=open]:bg-ink-800',
          collapsed ? 'flex-col gap-1 px-1 py-2' : 'gap-3 p-2',
        )}
      >
        <span className="sr-only">Account menu: </span>
        {collapsed ? <span className="sr-only">{user.email} </span> : null}
        <Avatar user={user} />
        {collapsed ? (
          <PlanBadge plan={plan} className="px-1 text-[9px]" />
        ) : (
          <>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-zinc-100">
                {truncateEmail(user.email)}
              </span>
              <PlanBadge plan={plan} className="mt-1" />
            </span>
            <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-zinc-500" />
          </>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side={collapsed ? 'right' : 'top'}
          align={collapsed ? 'end' : 'start'}
          sideOffset={8}
          className="z-50 w-(--radix-dropdown-menu-trigger-width) min-w-60 rounded-xl border border-ink-700 bg-ink-900 p-1.5 shadow-2xl shadow-black/50"
        >
          <DropdownMenu.Label className="px-2.5 py-2">
            <span className="block text-xs text-zinc-400">Signed in as</span>
            <span className="block truncate text-sm font-medium text-zinc-100">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-ink-700" />
          <DropdownMenu.Item
            onSelect={() => {
              onNavigate?.();
              void navigate('/settings');
            }}
            className="flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-zinc-200 outline-none select-none data-highlighted:bg-ink-700 data-highlighted:text-white"
          >
            <Settings aria-hidden="true" className="size-4 text-zinc-400" />
            Settings
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={() => void handleSignOut()}
            className="flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-zinc-200 outline-none select-none data-highlighted:bg-ink-700 data-highlighted:text-white"
          >
            <LogOut aria-hidden="true" className="size-4 text-zinc-400" />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function Avatar({ user }: { user: TUser }) {
  const initial = (user.fullName.trim() || user.email).charAt(0).toUpperCase();
  return (
    <span
      aria-hidden="true"
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-accent-600 text-sm font-semibold text-white ring-2 ring-ink-900"
    >
      {initial}
    </span>
  );
}

function PlanBadge({ plan, className }: { plan: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-md border px-1.5 py-px text-[10px] leading-4 font-semibold tracking-wider',
        plan === 'FREE'
          ? 'border-ink-600 bg-ink-800 text-zinc-300'
          : 'border-brand-400/30 bg-brand-500/10 text-brand-300',
        className,
      )}
    >
      {plan}
    </span>
  );
}
