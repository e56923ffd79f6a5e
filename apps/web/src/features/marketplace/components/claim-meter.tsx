import type { TMarketplaceModel } from '@muse/shared';
import { clsx } from 'clsx';
import { claimedText } from '../model-text';

/** 'N/5 claimed' with one segment per licence; the text carries the meaning, the bar is decoration. */
export function ClaimMeter({
  model,
  className,
  size = 'sm',
}: {
  model: Pick<TMarketplaceModel, 'claimed' | 'licences'>;
  className?: string;
  size?: 'sm' | 'md';
}) {
  const full = model.claimed >= model.licences;
  return (
    <div className={clsx('flex items-center gap-3', className)}>
      <div aria-hidden="true" className="flex flex-1 gap-1">
        {Array.from({ length: model.licences }, (_, index) => (
          <span
            key={index}
            className={clsx(
              'flex-1 rounded-full',
              size === 'sm' ? 'h-1' : 'h-1.5',
              index < model.claimed
                ? full
                  ? 'bg-zinc-500'
                  : 'bg-gradient-to-r from-brand-500 to-accent-500'
                : 'bg-ink-600',
            )}
          />
        ))}
      </div>
      <p
        className={clsx(
          'shrink-0 font-medium text-zinc-300 tabular-nums',
          size === 'sm' ? 'text-xs' : 'text-sm',
        )}
      >
        {claimedText(model)}
      </p>
    </div>
  );
}
