import type { TPlanKey } from '@muse/shared';
import { Hammer, Rocket, TrendingUp, type LucideIcon } from 'lucide-react';
import { cn } from '../../../lib/cn';

const ICONS: Record<TPlanKey, LucideIcon> = {
  builder: Hammer,
  launch: Rocket,
  growth: TrendingUp,
};

/** Each plan's mark: an icon in a tinted tile. */
export function PlanIcon({ plan, className }: { plan: TPlanKey; className?: string }) {
  const Icon = ICONS[plan];
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br ring-1 ring-inset',
        plan === 'launch'
          ? 'from-brand-500/25 to-accent-500/25 text-brand-300 ring-brand-400/30'
          : 'from-ink-700 to-ink-800 text-zinc-300 ring-ink-600',
        className,
      )}
    >
      <Icon className="size-5" />
    </span>
  );
}
