import type { TPersonaStatus } from '@muse/shared';
import { CircleCheck, CircleDashed, Loader, Sparkles } from 'lucide-react';
import { cn } from '../../lib/cn';

const LOOKS: Record<
  TPersonaStatus,
  { label: string; className: string; Icon: typeof CircleCheck }
> = {
  ready: {
    label: 'Ready',
    className: 'border-emerald-400/40 bg-emerald-500/15 text-emerald-200',
    Icon: CircleCheck,
  },
  'needs-photos': {
    label: 'Needs photos',
    className: 'border-amber-400/40 bg-amber-500/15 text-amber-200',
    Icon: CircleDashed,
  },
  'ready-to-train': {
    label: 'Ready to train',
    className: 'border-accent-400/40 bg-accent-500/15 text-violet-200',
    Icon: Sparkles,
  },
  training: {
    label: 'Training',
    className: 'border-brand-400/40 bg-brand-500/15 text-pink-200',
    Icon: Loader,
  },
};

/** Where a persona stands (docs/product/personas.md), as a small pill. */
export function PersonaStatusBadge({
  status,
  className,
}: {
  status: TPersonaStatus;
  className?: string;
}) {
  const { label, className: look, Icon } = LOOKS[status];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-1 text-xs font-semibold backdrop-blur',
        look,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  );
}
