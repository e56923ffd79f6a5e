import { CLAIM_TEXTS, LICENCE_TERMS } from '@muse/shared';
import { useId } from 'react';
import { cn } from '../../lib/cn';

/**
 * A marketplace model's licence terms, in full, with the box a creator ticks to accept them
 * before a claim (the model's details and onboarding's pick: docs/product/marketplace.md).
 */
export function LicenceTerms({
  accepted,
  onChange,
  className,
}: {
  accepted: boolean;
  onChange: (accepted: boolean) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn(
        'space-y-2 rounded-xl border border-ink-700 bg-ink-800/50 p-3.5 text-xs leading-5 text-zinc-300',
        className,
      )}
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold text-white">
        {LICENCE_TERMS.title}
      </h3>
      <p>{LICENCE_TERMS.summary}</p>
      <ul className="list-disc space-y-1 pl-4">
        {LICENCE_TERMS.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <label className="flex items-center gap-2 pt-1 text-sm font-medium text-white">
        <input
          type="checkbox"
          checked={accepted}
          onChange={(event) => onChange(event.target.checked)}
          className="size-4 accent-brand-400"
        />
        {CLAIM_TEXTS.acceptTerms}
      </label>
    </section>
  );
}
