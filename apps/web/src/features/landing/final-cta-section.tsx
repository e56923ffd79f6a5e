import { WELCOME_CREDITS, formatCount } from '@muse/shared';
import { ArrowRight } from 'lucide-react';
import { LinkButton } from '../../components/layout/link-button';

export function FinalCtaSection() {
  return (
    <section aria-labelledby="final-cta-title" className="px-4 pb-24 sm:px-6 sm:pb-32">
      <div className="relative isolate mx-auto max-w-6xl overflow-hidden rounded-[2rem] border border-white/10 bg-ink-900 px-6 py-16 text-center sm:px-12 sm:py-20">
        <div aria-hidden="true" className="absolute inset-0 -z-10">
          <div className="absolute -top-32 left-1/4 size-96 rounded-full bg-brand-500/25 blur-[100px]" />
          <div className="absolute -right-10 -bottom-40 size-96 rounded-full bg-accent-500/25 blur-[100px]" />
        </div>
        <h2
          id="final-cta-title"
          className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-5xl"
        >
          Launch your AI influencer today
        </h2>
        <p className="mx-auto mt-5 max-w-xl text-base text-pretty text-zinc-300 sm:text-lg">
          Every new account starts with {formatCount(WELCOME_CREDITS)} credits. Pick a model, make
          your first post and see what your persona can earn.
        </p>
        <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row">
          <LinkButton to="/register" size="lg">
            Create your AI influencer
            <ArrowRight aria-hidden="true" className="size-4" />
          </LinkButton>
          <LinkButton to="/marketplace" size="lg" variant="outline" className="bg-ink-950/40">
            Browse the Marketplace
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
