import type { TUser } from '@muse/shared';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { Logo } from '../logo';
import { SIDEBAR_SECTIONS } from './sidebar-nav';
import { SidebarSection } from './sidebar-section';
import { UserMenu } from './user-menu';

export type TSidebarProps = {
  user: TUser;
  /** Desktop only: the narrow icon strip. */
  collapsed: boolean;
  /** Ids of the sections whose links are folded away. */
  foldedSections: ReadonlySet<string>;
  onToggleSection: (id: string) => void;
  /** The control at the top right: collapse on desktop, close in the drawer. */
  headerAction: ReactNode;
  /** Called when a link is followed (the drawer closes). */
  onNavigate?: () => void;
};

/** The sidebar's contents: logo, the four sections of links, and the account footer. */
export function Sidebar({
  user,
  collapsed,
  foldedSections,
  onToggleSection,
  headerAction,
  onNavigate,
}: TSidebarProps) {
  return (
    <div className="flex h-full flex-col">
      <div
        className={cn(
          'flex shrink-0 items-center',
          collapsed ? 'flex-col gap-3 px-2 pt-4 pb-2' : 'h-16 justify-between pr-3 pl-5',
        )}
      >
        <Logo to="/dashboard" compact={collapsed} />
        {headerAction}
      </div>

      <nav
        aria-label="Main"
        className={cn(
          'flex-1 overflow-y-auto overscroll-contain py-3',
          collapsed ? 'space-y-2 px-2' : 'space-y-5 px-3',
        )}
      >
        {SIDEBAR_SECTIONS.map((section, index) => (
          <div key={section.id}>
            {collapsed && index > 0 ? (
              <div aria-hidden="true" className="mx-3 mb-2 h-px bg-ink-800" />
            ) : null}
            <SidebarSection
              section={section}
              collapsed={collapsed}
              folded={foldedSections.has(section.id)}
              onToggleFolded={() => onToggleSection(section.id)}
              onNavigate={onNavigate}
            />
          </div>
        ))}
      </nav>

      <div className={cn('shrink-0 border-t border-ink-800', collapsed ? 'p-2' : 'p-3')}>
        <UserMenu user={user} collapsed={collapsed} onNavigate={onNavigate} />
      </div>
    </div>
  );
}
