import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { useWorkspaceWatch } from '../../../lib/use-workspace-watch';
import { FAN_PAGES, FanShell, StudioForFans } from './fan-shell';
import { MobileNav } from './mobile-nav';
import { Sidebar } from './sidebar';
import { useSidebarCollapsed } from './use-sidebar-collapsed';
import { VerifyEmailBanner } from './verify-email-banner';

/**
 * The signed-in area's frame (docs/product/workspace.md): a fixed left sidebar from 1024 px wide,
 * collapsible to an icon strip; below that a top bar that opens the same sidebar as a drawer. A
 * fan-only account gets the fan frame instead (fan-shell.tsx).
 */
export function AppShell() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  // Removed from the open workspace, or another tab opened another: the pages follow.
  useWorkspaceWatch();
  // Held here so the desktop sidebar and the drawer fold the same sections.
  const [foldedSections, setFoldedSections] = useState<ReadonlySet<string>>(() => new Set());
  const toggleSection = useCallback((id: string) => {
    setFoldedSections((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);

  // ProtectedRoute renders the shell only for a signed-in user.
  if (!user) return null;
  // A fan-only account has no studio: its purchases and settings in a frame of their own
  // (docs/product/accounts.md, 'Fans and creators').
  if (!user.isCreator) {
    return FAN_PAGES.includes(pathname.replace(/\/+$/, '')) ? (
      <FanShell user={user} />
    ) : (
      <StudioForFans />
    );
  }

  const CollapseIcon = collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-60 focus:rounded-lg focus:bg-ink-800 focus:px-4 focus:py-2 focus:text-sm focus:text-white"
      >
        Skip to content
      </a>

      <aside
        className={cn(
          'fixed inset-y-0 left-0 z-30 hidden border-r border-ink-800 bg-ink-900/70 transition-[width] duration-200 ease-out motion-reduce:transition-none lg:block',
          collapsed ? 'w-18' : 'w-64',
        )}
      >
        <Sidebar
          user={user}
          collapsed={collapsed}
          foldedSections={foldedSections}
          onToggleSection={toggleSection}
          headerAction={
            <button
              type="button"
              onClick={toggleCollapsed}
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              className="flex size-9 items-center justify-center rounded-lg text-zinc-500 transition-colors hover:bg-ink-800 hover:text-zinc-100"
            >
              <CollapseIcon aria-hidden="true" className="size-[18px]" />
            </button>
          }
        />
      </aside>

      <MobileNav user={user} foldedSections={foldedSections} onToggleSection={toggleSection} />

      <div
        className={cn(
          'transition-[padding] duration-200 ease-out motion-reduce:transition-none',
          collapsed ? 'lg:pl-18' : 'lg:pl-64',
        )}
      >
        {user.emailVerified ? null : (
          <div className="mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6 lg:px-10 lg:pt-6">
            <VerifyEmailBanner user={user} />
          </div>
        )}
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl space-y-8 px-4 py-8 outline-none sm:px-6 lg:px-10 lg:py-10"
        >
          <Outlet />
          {/* A new page starts at the top; Back returns to where the page was left. */}
          <ScrollRestoration />
        </main>
      </div>
    </div>
  );
}
