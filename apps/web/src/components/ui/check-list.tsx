import { Check } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * A plan's benefits as a ticked list: the billing plan cards and the onboarding's plan step show
 * the same list, so it looks the same on both. `highlighted` marks the most popular plan.
 */
export function CheckList({
  items,
  highlighted = false,
  className,
}: {
  items: readonly string[];
  highlighted?: boolean;
  className?: string;
}) {
  return (
    <ul className={cn('flex-1 space-y-2.5 text-sm text-zinc-300', className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-2.5">
          <Check
            aria-hidden="true"
            className={cn(
              'mt-0.5 size-4 shrink-0',
              highlighted ? 'text-brand-300' : 'text-emerald-400',
            )}
          />
          {item}
        </li>
      ))}
    </ul>
  );
}
