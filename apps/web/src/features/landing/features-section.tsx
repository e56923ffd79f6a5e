import { CREDIT_COSTS, PPV_PRICE_CENTS, formatUsd } from '@muse/shared';
import { Clapperboard, LockKeyholeOpen, ScanFace, Sparkles, type LucideIcon } from 'lucide-react';
import { Section, SectionHeading } from './section';

type TFeature = {
  icon: LucideIcon;
  title: string;
  text: string;
  /** What it costs, from the shared credit table and PPV price. */
  cost: string;
  glow: string;
};

/** The marketing claims (docs/product/public-site.md). */
const FEATURES: TFeature[] = [
  {
    icon: Clapperboard,
    title: 'Image and video generation',
    text: 'Photos and short clips of your persona in any setting, outfit or light, with the same face from one shot to the next.',
    cost: `${CREDIT_COSTS.imageGeneration} credits a photo · ${CREDIT_COSTS.videoGeneration} a video`,
    glow: 'from-brand-500/25',
  },
  {
    icon: ScanFace,
    title: 'Video face swap',
    text: 'Put your influencer’s face on any clip: trends, try-ons, tutorials. Included in every plan.',
    cost: `${CREDIT_COSTS.videoFaceSwap} credits a clip`,
    glow: 'from-accent-500/25',
  },
  {
    icon: Sparkles,
    title: 'Skin upscaling',
    text: 'Sharpen every photo with natural skin texture, so close-ups hold up on the biggest screen.',
    cost: `${CREDIT_COSTS.upscale} credits an image`,
    glow: 'from-fuchsia-500/25',
  },
  {
    icon: LockKeyholeOpen,
    title: 'Pay-per-view sales',
    text: 'Lock your best sets and clips behind a paywall and get paid every time a fan unlocks one.',
    cost: `${formatUsd(PPV_PRICE_CENTS)} a post`,
    glow: 'from-emerald-500/20',
  },
];

export function FeaturesSection() {
  return (
    <Section id="features">
      <SectionHeading id="features" eyebrow="Features" title="Everything your AI influencer needs">
        One studio to make the content and one place to sell it, with the persona’s look kept the
        same in every post.
      </SectionHeading>
      <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ icon: Icon, title, text, cost, glow }) => (
          <li
            key={title}
            className="group relative flex flex-col overflow-hidden rounded-3xl border border-white/[0.07] bg-ink-900/70 p-6 transition-colors hover:border-white/15"
          >
            <div
              aria-hidden="true"
              className={`pointer-events-none absolute -top-32 -right-32 size-72 bg-[radial-gradient(closest-side,var(--tw-gradient-from),transparent)] ${glow}`}
            />
            <span className="relative flex size-12 items-center justify-center rounded-2xl border border-white/10 bg-gradient-to-br from-white/10 to-white/[0.02]">
              <Icon aria-hidden="true" className="size-5 text-brand-300" />
            </span>
            <h3 className="relative mt-6 text-lg font-semibold text-white">{title}</h3>
            <p className="relative mt-2 flex-1 text-sm leading-relaxed text-zinc-400">{text}</p>
            <p className="relative mt-6 border-t border-white/[0.06] pt-4 text-xs font-medium text-zinc-300">
              {cost}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
