import { Clock, Sparkles, Users, type LucideIcon } from 'lucide-react';
import { Eyebrow, StepHeader } from '../components/step-header';

// Step 1's texts, word for word (docs/product/onboarding.md).
const STATS: { value: string; label: string; icon: LucideIcon }[] = [
  { value: '5 min', label: 'setup', icon: Clock },
  { value: '70+', label: 'models', icon: Sparkles },
  { value: '5K+', label: 'creators', icon: Users },
];

/** Step 1: what the onboarding is and how long it takes. */
export function WelcomeStep() {
  return (
    <>
      <StepHeader
        eyebrow={
          <Eyebrow>
            <Clock aria-hidden="true" className="size-3.5" />
            5-Minute Setup
          </Eyebrow>
        }
        title={
          <>
            Create your{' '}
            <span className="bg-gradient-to-r from-brand-400 via-fuchsia-400 to-accent-400 bg-clip-text text-transparent">
              AI influencer
            </span>
          </>
        }
      >
        A few questions about your goals, your persona and your content plan. Muse sets up the rest,
        so you can start creating right away.
      </StepHeader>

      <ul className="mt-10 grid grid-cols-3 gap-3 sm:gap-4">
        {STATS.map(({ value, label, icon: Icon }) => (
          <li
            key={value}
            className="flex flex-col items-center gap-1 rounded-2xl border border-ink-800 bg-ink-900/70 px-2 py-5 text-center"
          >
            <Icon aria-hidden="true" className="mb-1 size-5 text-brand-300" />
            <span className="text-xl font-bold text-white sm:text-2xl">{value}</span>{' '}
            <span className="text-xs text-zinc-400 sm:text-sm">{label}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
