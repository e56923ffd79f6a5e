import { LIKENESS_TEXTS, type TLikeness } from '@muse/shared';
import { BadgeCheck } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * 'Verified likeness': the persona's photos are stated to be of the creator, and a selfie matched
 * them (docs/product/personas.md, 'Whose likeness'). Nothing is shown otherwise.
 */
export function VerifiedLikenessBadge({
  likeness,
  className,
}: {
  likeness: TLikeness | null;
  className?: string;
}) {
  if (!likeness?.verified) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border border-sky-400/40 bg-sky-500/15 px-2.5 py-1 text-xs font-semibold text-sky-200 backdrop-blur',
        className,
      )}
    >
      <BadgeCheck aria-hidden="true" className="size-3.5" />
      {LIKENESS_TEXTS.verified}
    </span>
  );
}
