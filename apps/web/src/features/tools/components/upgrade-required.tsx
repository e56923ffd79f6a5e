import { VIDEO_TEXTS, VIDEO_UPLOAD } from '@muse/shared';
import { ArrowUpRight, Crown, VenetianMask } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';

/**
 * Generate Video without the plan (docs/product/tools.md): 'Upgrade Required', who may use it,
 * 'Upgrade Now' to /credits, and, beside it, the video tool every paid plan includes.
 */
export function UpgradeRequired() {
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section
        aria-labelledby="upgrade-required-heading"
        className="flex flex-col items-center gap-4 rounded-2xl border border-ink-800 bg-ink-900/70 px-6 py-10 text-center sm:py-14"
      >
        <span className="grid size-16 place-items-center rounded-full bg-brand-500/15 text-brand-300">
          <Crown aria-hidden="true" className="size-8" />
        </span>
        <h2 id="upgrade-required-heading" className="text-2xl font-bold text-white">
          {VIDEO_TEXTS.upgradeRequired}
        </h2>
        <p className="max-w-md text-sm text-zinc-300">{VIDEO_TEXTS.upgradeNote}</p>
        <Button asChild size="lg" className="w-full sm:w-auto">
          <Link to="/credits">
            <Crown aria-hidden="true" className="size-5" />
            {VIDEO_TEXTS.upgradeNow}
          </Link>
        </Button>
      </section>
      <aside
        aria-labelledby="face-swap-note-heading"
        className="flex flex-col gap-3 rounded-2xl border border-ink-800 bg-ink-900/50 p-6"
      >
        <span className="grid size-11 place-items-center rounded-xl border border-white/10 bg-ink-950/60 text-accent-400">
          <VenetianMask aria-hidden="true" className="size-5" />
        </span>
        <h2 id="face-swap-note-heading" className="text-base font-semibold text-white">
          Video face swap is in every plan
        </h2>
        <p className="flex-1 text-sm text-zinc-400">
          Put your persona&apos;s face into a clip you already have: every paid plan, Builder
          included, can swap faces in clips up to {VIDEO_UPLOAD.maxSeconds} seconds.
        </p>
        <Button asChild variant="outline" className="self-start">
          <Link to="/face-swap">
            Open Video Face Swap
            <ArrowUpRight aria-hidden="true" className="size-4" />
          </Link>
        </Button>
      </aside>
    </div>
  );
}
