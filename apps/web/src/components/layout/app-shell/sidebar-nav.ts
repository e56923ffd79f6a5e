import type { TAppRoute } from '@muse/shared';
import {
  CalendarDays,
  Clapperboard,
  Coins,
  Compass,
  CreditCard,
  Images,
  ImageUpscale,
  LayoutGrid,
  LifeBuoy,
  MessageSquareText,
  Package,
  ShoppingBag,
  Sparkles,
  SquarePen,
  Users,
  VenetianMask,
  Wallet,
  Wrench,
  type LucideIcon,
} from 'lucide-react';

export type TSidebarLink = { label: string; to: TAppRoute; icon: LucideIcon };
export type TSidebarSection = { id: string; title: string; links: readonly TSidebarLink[] };

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
    links: [
      { label: 'Generate', to: '/generate', icon: Sparkles },
      { label: 'Gallery', to: '/gallery', icon: Images },
      { label: 'Generate Video', to: '/generate-video', icon: Clapperboard },
      { label: 'Face Swap', to: '/face-swap', icon: VenetianMask },
      { label: 'Upscale', to: '/upscale', icon: ImageUpscale },
      { label: 'Edit Image', to: '/edit-image', icon: SquarePen },
      { label: 'Generate Prompt', to: '/generate-prompt', icon: MessageSquareText },
      { label: 'View All', to: '/view-all', icon: LayoutGrid },
    ],
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
