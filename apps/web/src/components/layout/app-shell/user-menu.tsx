import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { WORKSPACE_ROLE_LABELS, type TUser, type TWorkspace } from '@muse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Check, ChevronsUpDown, LogOut, Plus, Settings } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { switchWorkspace, useOpenWorkspace, useWorkspaces } from '../../../lib/workspaces';
import { NewWorkspaceDialog } from './new-workspace-dialog';
import { usePlanLabel } from './plan-label';
import { truncateEmail } from './truncate-email';

const itemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-zinc-200 outline-none select-none data-highlighted:bg-ink-700 data-highlighted:text-white';

/**
 * The sidebar's footer (docs/product/workspace.md, docs/product/teams.md): the open workspace's
 * name and plan label, the e-mail cut to 10 characters, and a menu with Settings, Sign out, the
 * person's workspaces to switch between and 'New workspace'. Settings stays the menu's first
 * item, so the keyboard opens the menu on it.
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
  const queryClient = useQueryClient();
  const plan = usePlanLabel();
  const workspaces = useWorkspaces();
  const { workspace: open } = useOpenWorkspace();
  const [creating, setCreating] = useState(false);
  // The dialog takes the focus as the menu closes: the menu must not hand it back to its button.
  const openingDialog = useRef(false);

  async function handleSignOut() {
    await signOut();
    navigate('/login', { replace: true });
  }

  /** Opens `workspace` and its dashboard, with nothing read in the one left behind. */
  function openWorkspace(workspace: Pick<TWorkspace, 'id' | 'personal'>) {
    switchWorkspace(queryClient, workspace);
    onNavigate?.();
    void navigate('/dashboard');
  }

  const list = workspaces.data?.workspaces ?? [];
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          title={user.email}
          className={cn(
            'flex w-full items-center rounded-xl text-left transition-colors hover:bg-ink-800 data-[state=open]:bg-ink-800',
            collapsed ? 'flex-col gap-1 px-1 py-2' : 'gap-3 p-2',
          )}
        >
          <span className="sr-only">Account menu: </span>
          {collapsed ? (
            <span className="sr-only">
              {open ? `${open.name}, ` : ''}
              {user.email}{' '}
            </span>
          ) : null}
          <Avatar user={user} />
          {collapsed ? (
            <PlanBadge plan={plan} className="px-1 text-[9px]" />
          ) : (
            <>
              <span className="min-w-0 flex-1">
                {open ? (
                  <span className="block truncate text-sm font-medium text-zinc-100">
                    {open.name}
                  </span>
                ) : (
                  <span
                    aria-hidden="true"
                    className="my-1 block h-3.5 w-24 animate-pulse rounded bg-ink-700"
                  />
                )}
                <span className="mt-1 flex min-w-0 items-center gap-1.5">
                  <PlanBadge plan={plan} className="shrink-0" />
                  <span className="truncate text-xs text-zinc-400">
                    {truncateEmail(user.email)}
                  </span>
                </span>
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
            collisionPadding={8}
            onCloseAutoFocus={(event) => {
              if (openingDialog.current) event.preventDefault();
              openingDialog.current = false;
            }}
            className="z-50 max-h-(--radix-dropdown-menu-content-available-height) w-(--radix-dropdown-menu-trigger-width) min-w-64 overflow-y-auto rounded-xl border border-ink-700 bg-ink-900 p-1.5 shadow-2xl shadow-black/50"
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
              className={itemClass}
            >
              <Settings aria-hidden="true" className="size-4 text-zinc-400" />
              Settings
            </DropdownMenu.Item>
            <DropdownMenu.Item onSelect={() => void handleSignOut()} className={itemClass}>
              <LogOut aria-hidden="true" className="size-4 text-zinc-400" />
              Sign out
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-ink-700" />
            <DropdownMenu.Label className="px-2.5 pt-2 pb-1 text-xs font-medium text-zinc-400">
              Workspaces
            </DropdownMenu.Label>
            <DropdownMenu.RadioGroup
              value={open?.id ?? ''}
              onValueChange={(id) => {
                const chosen = list.find((one) => one.id === id);
                if (chosen && chosen.id !== open?.id) openWorkspace(chosen);
              }}
            >
              {list.map((workspace) => (
                <DropdownMenu.RadioItem
                  key={workspace.id}
                  value={workspace.id}
                  className={cn(itemClass, 'items-start')}
                >
                  <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center">
                    <DropdownMenu.ItemIndicator>
                      <Check aria-hidden="true" className="size-4 text-brand-300" />
                    </DropdownMenu.ItemIndicator>
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{workspace.name}</span>
                    <span className="mt-0.5 flex items-center gap-1.5 text-xs text-zinc-400">
                      <PlanBadge
                        plan={workspace.id === open?.id ? plan : workspace.planLabel}
                        className="px-1"
                      />
                      {WORKSPACE_ROLE_LABELS[workspace.role]}
                    </span>
                  </span>
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
            {workspaces.isPending ? (
              <p className="px-2.5 py-2 text-xs text-zinc-400">Loading workspaces...</p>
            ) : workspaces.isError ? (
              <p className="px-2.5 py-2 text-xs text-red-300">
                Your workspaces could not be loaded.
              </p>
            ) : null}
            <DropdownMenu.Item
              onSelect={() => {
                openingDialog.current = true;
                setCreating(true);
              }}
              className={itemClass}
            >
              <Plus aria-hidden="true" className="size-4 text-zinc-400" />
              New workspace
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <NewWorkspaceDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(workspace) => {
          setCreating(false);
          openWorkspace(workspace);
        }}
      />
    </>
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
