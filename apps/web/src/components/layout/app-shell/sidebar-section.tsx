import { roleCan } from '@muse/shared';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { NavLink } from 'react-router';
import { useCurrentWorkspace } from '../../../lib/current-workspace';
import { cn } from '../../../lib/cn';
import { useNavCounts } from './nav-counts';
import type { TSidebarLink, TSidebarSection } from './sidebar-nav';

type TSectionProps = {
  section: TSidebarSection;
  /** Icon strip: links show only their icon, and the section cannot be folded. */
  collapsed: boolean;
  folded: boolean;
  onToggleFolded: () => void;
  onNavigate?: () => void;
};

/** One foldable group of links: a header button that shows or hides the list under it. */
export function SidebarSection({
  section,
  collapsed,
  folded,
  onToggleFolded,
  onNavigate,
}: TSectionProps) {
  const listId = useId();
  // A link needing a right shows once the role in the open workspace is known to have it.
  const { workspace } = useCurrentWorkspace();
  const links = section.links.filter(
    (link) => !link.right || (workspace && roleCan(workspace.role, link.right)),
  );
  const counts = useNavCounts();

  if (collapsed) {
    return (
      <ul aria-label={section.title} className="space-y-1">
        {links.map((link) => (
          <li key={link.to}>
            <SidebarLink
              link={link}
              count={link.count ? counts[link.count] : 0}
              collapsed
              onNavigate={onNavigate}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div>
      <button
        type="button"
        aria-expanded={!folded}
        aria-controls={listId}
        onClick={onToggleFolded}
        className="group flex w-full items-center justify-between rounded-md px-3 py-1.5 text-[11px] font-semibold tracking-[0.08em] text-zinc-400 uppercase transition-colors hover:text-zinc-300"
      >
        {section.title}
        <ChevronDown
          aria-hidden="true"
          className={cn(
            'size-3.5 transition-transform motion-reduce:transition-none',
            folded && '-rotate-90',
          )}
        />
      </button>
      <ul id={listId} aria-label={section.title} hidden={folded} className="mt-1 space-y-0.5">
        {links.map((link) => (
          <li key={link.to}>
            <SidebarLink
              link={link}
              count={link.count ? counts[link.count] : 0}
              collapsed={false}
              onNavigate={onNavigate}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function SidebarLink({
  link,
  count,
  collapsed,
  onNavigate,
}: {
  link: TSidebarLink;
  /** Shown beside the label when above 0. */
  count: number;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const Icon = link.icon;
  const countText = count ? `${link.label}, ${count} waiting` : link.label;
  return (
    <NavLink
      to={link.to}
      onClick={onNavigate}
      // In the icon strip the label is not shown: it names the link and appears on hover.
      aria-label={collapsed ? countText : undefined}
      title={collapsed ? countText : undefined}
      className={({ isActive }) =>
        cn(
          'group relative flex items-center rounded-lg text-sm font-medium transition-colors',
          collapsed ? 'mx-auto size-10 justify-center' : 'h-9 gap-3 px-3',
          isActive
            ? 'bg-gradient-to-r from-brand-500/15 to-accent-500/10 text-white ring-1 ring-brand-400/20 ring-inset'
            : 'text-zinc-400 hover:bg-ink-800 hover:text-zinc-100',
        )
      }
    >
      {({ isActive }) => (
        <>
          {isActive && !collapsed ? (
            <span
              aria-hidden="true"
              className="absolute inset-y-2 left-0 w-0.5 rounded-full bg-gradient-to-b from-brand-400 to-accent-400"
            />
          ) : null}
          <Icon
            aria-hidden="true"
            className={cn(
              'size-[18px] shrink-0 transition-colors',
              isActive ? 'text-brand-300' : 'text-zinc-500 group-hover:text-zinc-300',
            )}
          />
          {collapsed ? null : <span className="truncate">{link.label}</span>}
          {count ? (
            <span
              className={cn(
                'grid min-w-5 place-items-center rounded-full bg-amber-500/20 px-1.5 text-[11px] leading-5 font-semibold text-amber-200 tabular-nums',
                collapsed ? 'absolute -top-1 -right-1 ring-2 ring-ink-900' : 'ml-auto',
              )}
            >
              {/* The link's name carries the count in the icon strip. */}
              <span aria-hidden={collapsed ? true : undefined}>{count}</span>
              {collapsed ? null : <span className="sr-only"> waiting</span>}
            </span>
          ) : null}
        </>
      )}
    </NavLink>
  );
}
