import { BadgeCheck, Sparkles, Users } from 'lucide-react';

const PROMISES = [
  { icon: BadgeCheck, text: 'One consistent persona per model' },
  { icon: Users, text: 'Only 5 licenses per model' },
  { icon: Sparkles, text: 'Photos and videos from day one' },
];

/** The marketplace's title block; the heading says 50+ models. */
export function MarketplaceHeader() {
  return (
    <header className="relative isolate space-y-5">
      <div
        aria-hidden="true"
        className="glow-duo absolute -top-36 left-1/2 -z-10 h-96 w-[44rem] max-w-full -translate-x-1/2 sm:-left-16 sm:translate-x-0"
      />
      <p className="inline-flex items-center gap-2 rounded-full border border-ink-700 bg-ink-900 px-3 py-1 text-xs font-medium tracking-wide text-brand-300 uppercase">
        <Sparkles className="size-3.5" aria-hidden="true" />
        Marketplace
      </p>
      <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-white sm:text-5xl">
        Choose from{' '}
        <span className="bg-gradient-to-r from-brand-400 to-accent-400 bg-clip-text text-transparent">
          50+ AI models
        </span>
      </h1>
      <p className="max-w-2xl text-base leading-7 text-zinc-300 sm:text-lg sm:leading-8">
        Claim a ready-made AI influencer and start creating today. Each persona is licensed to five
        creators at most, so yours stays rare.
      </p>
      <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-zinc-300">
        {PROMISES.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-2">
            <Icon className="size-4 text-brand-300" aria-hidden="true" />
            {text}
          </li>
        ))}
      </ul>
    </header>
  );
}
