import { PAYMENT_METHODS, PLAN_LIST, PPV_PRICE_CENTS, formatUsd } from '@muse/shared';
import { ArrowRight, BadgeCheck, Check, Lock, Sparkles, TrendingUp } from 'lucide-react';
import { PublicLink as Link } from '../../components/layout/public-nav';
import { LinkButton } from '../../components/layout/link-button';
import { HeroVideo } from './hero-video';

const lowestMonthlyCents = Math.min(...PLAN_LIST.map((plan) => plan.yearlyMonthlyPriceCents));

const PROOF_POINTS = [
  `Plans from ${formatUsd(lowestMonthlyCents)} a month`,
  `${PAYMENT_METHODS.join(' and ')} accepted`,
  'Benefits never reset',
];

export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <HeroBackdrop />
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-12 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_0.9fr] lg:gap-10 lg:pt-24 lg:pb-28">
        <div className="flex flex-col items-center text-center lg:items-start lg:text-left">
          <Link
            to="/marketplace"
            className="group inline-flex items-center gap-2 rounded-full border border-white/10 bg-white/[0.04] py-1 pr-3 pl-1 text-sm text-zinc-300 transition-colors hover:border-brand-400/50 hover:text-white"
          >
            <span className="rounded-full bg-brand-500/15 px-2 py-0.5 text-xs font-semibold text-brand-300">
              New
            </span>
            70+ ready-made AI models
            <ArrowRight
              aria-hidden="true"
              className="size-3.5 transition-transform group-hover:translate-x-0.5"
            />
          </Link>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-[1.05] font-bold tracking-tight text-balance text-white sm:text-6xl lg:text-[4rem]"
          >
            Create, customise and monetise{' '}
            <span className="bg-gradient-to-r from-brand-400 via-fuchsia-400 to-accent-400 bg-clip-text text-transparent">
              AI influencers
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-zinc-400">
            Claim a ready-made persona or train one on your own photos. Then generate photos and
            videos, swap faces, upscale skin and sell pay-per-view content, all from one studio.
          </p>
          <div className="mt-9 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <LinkButton to="/register" size="lg">
              Create your AI influencer
              <ArrowRight aria-hidden="true" className="size-4" />
            </LinkButton>
            <LinkButton to="/marketplace" size="lg" variant="outline">
              Browse the Marketplace
            </LinkButton>
          </div>
          <ul className="mt-8 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm text-zinc-400 lg:justify-start">
            {PROOF_POINTS.map((point) => (
              <li key={point} className="flex items-center gap-1.5">
                <Check aria-hidden="true" className="size-4 text-brand-400" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <HeroVisual />
      </div>
    </section>
  );
}

/** Soft brand light behind the hero and a faint grid that fades out towards the edges. */
function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <div className="glow-brand absolute -top-80 left-1/2 size-[64rem] -translate-x-1/2 lg:left-[30%]" />
      <div className="glow-accent absolute -top-8 -right-72 size-[52rem]" />
      <div className="absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.035)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.035)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_center,black_20%,transparent_75%)] bg-[size:56px_56px]" />
    </div>
  );
}

/** A post in the making: the video as the picture, with the studio's cards floating over it. */
function HeroVisual() {
  return (
    <div className="relative mx-auto w-full max-w-[26rem] lg:max-w-[28rem]">
      <div aria-hidden="true" className="glow-duo absolute -inset-16 -z-10" />
      <div className="relative aspect-[4/5] overflow-hidden rounded-[2rem] border border-white/10 bg-ink-900 shadow-2xl shadow-black/60">
        <HeroVideo />
        <div aria-hidden="true" className="pointer-events-none absolute inset-0">
          <div className="absolute inset-x-0 top-0 h-28 bg-gradient-to-b from-ink-950/70 to-transparent" />
          <div className="absolute inset-x-0 bottom-0 h-44 bg-gradient-to-t from-ink-950/90 to-transparent" />
          <div className="absolute top-4 left-4 flex items-center gap-2.5">
            <span className="flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-brand-400 to-accent-500 text-xs font-bold text-white ring-2 ring-white/20">
              AN
            </span>
            <span className="leading-tight">
              <span className="flex items-center gap-1 text-sm font-semibold text-white">
                Aria Nova <BadgeCheck className="size-4 text-brand-300" />
              </span>
              <span className="text-xs text-zinc-300">AI influencer · Lisbon</span>
            </span>
          </div>
          <div className="absolute inset-x-4 bottom-4 flex items-center justify-between gap-3 rounded-2xl border border-white/10 bg-ink-950/70 p-3 backdrop-blur-md">
            <span className="flex items-center gap-3">
              <span className="flex size-9 items-center justify-center rounded-xl bg-white/10">
                <Lock className="size-4 text-white" />
              </span>
              <span className="leading-tight">
                <span className="block text-sm font-semibold text-white">Exclusive set</span>
                <span className="text-xs text-zinc-300">12 photos · 1 video</span>
              </span>
            </span>
            <span className="rounded-xl bg-white px-3 py-1.5 text-sm font-semibold text-ink-950">
              Unlock {formatUsd(PPV_PRICE_CENTS)}
            </span>
          </div>
        </div>
      </div>
      <div
        aria-hidden="true"
        className="absolute top-24 -left-4 hidden w-52 rounded-2xl border border-white/10 bg-ink-900/85 p-3.5 shadow-xl shadow-black/40 backdrop-blur-md sm:block lg:-left-10"
      >
        <span className="flex items-center gap-2 text-xs font-medium text-zinc-300">
          <Sparkles className="size-3.5 text-brand-300" />
          Generating video
        </span>
        <span className="mt-2.5 block h-1.5 overflow-hidden rounded-full bg-white/10">
          <span className="block h-full w-[72%] rounded-full bg-gradient-to-r from-brand-500 to-accent-500" />
        </span>
        <span className="mt-2 flex justify-between text-[11px] text-zinc-400">
          <span>Golden hour, rooftop</span>
          <span>72%</span>
        </span>
      </div>
      <div
        aria-hidden="true"
        className="absolute -right-4 bottom-28 hidden items-center gap-3 rounded-2xl border border-white/10 bg-ink-900/85 p-3 pr-4 shadow-xl shadow-black/40 backdrop-blur-md sm:flex lg:-right-10"
      >
        <span className="flex size-9 items-center justify-center rounded-xl bg-emerald-400/15">
          <TrendingUp className="size-4 text-emerald-300" />
        </span>
        <span className="leading-tight">
          <span className="block text-xs text-zinc-400">Pay-per-view sale</span>
          <span className="text-sm font-semibold text-white">+{formatUsd(PPV_PRICE_CENTS)}</span>
        </span>
      </div>
    </div>
  );
}
