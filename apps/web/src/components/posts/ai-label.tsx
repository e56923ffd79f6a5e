import { PUBLISHING_TEXTS } from '@muse/shared';
import { Sparkles } from 'lucide-react';
import { cn } from '../../lib/cn';

/** 'AI-generated' on every picture and video of a post (docs/product/publishing.md). */
export function AiLabel({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-black/75 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-white ring-1 ring-white/15 backdrop-blur-sm',
        className,
      )}
    >
      <Sparkles aria-hidden="true" className="size-3 text-brand-300" />
      {PUBLISHING_TEXTS.aiLabel}
    </span>
  );
}
