import { toolsBy, type TAppRoute, type TWorkspaceRight } from '@muse/shared';
import {
  CalendarDays,
  ClipboardCheck,
  Coins,
  Compass,
  CreditCard,
  Images,
  LayoutGrid,
  LifeBuoy,
  History,
  Package,
  ShoppingBag,
  Users,
  Wallet,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { TOOL_ICONS } from '../../workspace/tool-icons';

export type TSidebarLink = {
  label: string;
  to: TAppRoute;
  icon: LucideIcon;
  /** Shown only to a role with this right in the open workspace (docs/product/teams.md). */
  right?: TWorkspaceRight;
  /** A count beside the label: the posts waiting for approval. */
  count?: 'approvals';
};
export type TSidebarSection = { id: string; title: string; links: readonly TSidebarLink[] };

/**
 * The Tools section: each tool's link from its descriptor (packages/shared/src/tools), with the
 * Gallery second and View All last, in the order of their positions.
 */
const TOOL_LINKS: readonly TSidebarLink[] = [
  ...toolsBy('sidebar').map((tool) => ({
    label: tool.sidebar.label,
    to: tool.path,
    icon: TOOL_ICONS[tool.sidebar.icon],
    position: tool.sidebar.position,
  })),
  { label: 'Gallery', to: '/gallery' as const, icon: Images, position: 2 },
  { label: 'View All', to: '/view-all' as const, icon: LayoutGrid, position: 100 },
]
  .sort((a, b) => a.position - b.position)
  .map(({ label, to, icon }) => ({ label, to, icon }));

/** The sidebar's sections and links (docs/product/workspace.md), in the order they are shown. */
export const SIDEBAR_SECTIONS: readonly TSidebarSection[] = [
  {
    id: 'overview',
    title: 'Overview',
    links: [
      { label: 'Discover', to: '/dashboard', icon: Compass },
      { label: 'Influencers', to: '/influencers', icon: Users },
      { label: 'Products', to: '/products', icon: Package },
      { label: 'Tools', to: '/tools', icon: Wrench },
    ],
  },
  {
    id: 'tools',
    title: 'Tools',
    links: TOOL_LINKS,
  },
  {
    id: 'publishing',
    title: 'Publishing',
    links: [
      { label: 'Calendar', to: '/calendar', icon: CalendarDays },
      { label: 'Earnings', to: '/earnings', icon: Wallet },
      { label: 'Purchases', to: '/purchases', icon: ShoppingBag },
    ],
  },
  {
    id: 'team',
    title: 'Team',
    links: [
      {
        label: 'Approvals',
        to: '/approvals',
        icon: ClipboardCheck,
        right: 'approve',
        count: 'approvals',
      },
      { label: 'Activity', to: '/activity', icon: History },
    ],
  },
  {
    id: 'payments',
    title: 'Payments',
    links: [
      { label: 'Get Credits', to: '/credits', icon: Coins },
      { label: 'Manage Subscriptions', to: '/subscriptions', icon: CreditCard },
    ],
  },
  {
    id: 'others',
    title: 'Others',
    links: [{ label: 'Support', to: '/support', icon: LifeBuoy }],
  },
];
