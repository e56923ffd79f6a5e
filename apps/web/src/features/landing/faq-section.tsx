import {
  CREDIT_COSTS,
  LICENCES_PER_MODEL,
  PAYMENT_METHODS,
  PLAN_LIST,
  PPV_PRICE_CENTS,
  WELCOME_CREDITS,
  formatUsd,
} from '@muse/shared';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { PublicLink as Link } from '../../components/layout/public-nav';
import { yearlySavingPercent } from './figures';
import { Section, SectionHeading } from './section';

/** Five questions; the figures in the answers come from the shared plans module. */
const QUESTIONS: { question: string; answer: string }[] = [
  {
    question: 'What is an AI influencer?',
    answer:
      'A virtual persona with its own look and personality. Muse keeps its face the same in every photo and video you make, so it can post, promote and sell like a creator, without a camera crew.',
  },
  {
    question: 'Do I need photos of my own?',
    answer: `No. Claim one of 70+ ready-made models from the marketplace, each licensed to at most ${LICENCES_PER_MODEL} creators, or train a custom model on your own pictures whenever you like.`,
  },
  {
    question: 'How do credits work?',
    answer: `Every tool spends credits: ${CREDIT_COSTS.upscale} for an upscale, ${CREDIT_COSTS.imageGeneration} for an image, ${CREDIT_COSTS.videoGeneration} for a video. New accounts start with ${WELCOME_CREDITS}, and your plan adds more every month. Benefits accumulate on every renewal and upgrade and never reset.`,
  },
  {
    question: 'How do I earn money with Muse?',
    answer: `Sell exclusive posts pay-per-view at ${formatUsd(PPV_PRICE_CENTS)} each, make product shots for brand deals, and grow an audience on every platform your persona posts to.`,
  },
  {
    question: 'How can I pay?',
    answer: `${PAYMENT_METHODS.join(' and ')} are both accepted. Pay monthly, or yearly and save up to ${Math.max(...PLAN_LIST.map(yearlySavingPercent))}%. Upgrade whenever you need more: what you have built up stays yours.`,
  },
];

/**
 * The accordion is native `<details>` sharing one `name`: the browser keeps one answer open at a
 * time and closes it on a second click, so it works from the first paint of the prerendered
 * page, before (and without) its scripts.
 */
export function FaqSection() {
  const name = useId();

  return (
    <Section id="faq">
      <div className="grid gap-12 lg:grid-cols-[0.8fr_1.2fr] lg:gap-16">
        <div className="space-y-6">
          <SectionHeading id="faq" eyebrow="FAQ" title="Questions, answered" align="left">
            Everything creators ask before they start.
          </SectionHeading>
          <p className="text-sm text-zinc-400">
            Something else?{' '}
            <Link
              to="/support"
              className="font-medium text-brand-300 underline-offset-4 hover:underline"
            >
              Contact support
            </Link>
          </p>
        </div>
        <div className="divide-y divide-white/[0.07] border-y border-white/[0.07]">
          {QUESTIONS.map(({ question, answer }) => (
            <details key={question} name={name} className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-6 py-5 text-left text-white transition-colors hover:text-brand-300 [&::-webkit-details-marker]:hidden">
                <h3 className="text-base font-semibold sm:text-lg">{question}</h3>
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-zinc-400 transition-transform duration-300 group-open:rotate-180 group-open:text-brand-300 motion-reduce:transition-none"
                />
              </summary>
              <p className="pr-10 pb-6 text-sm leading-relaxed text-zinc-400 sm:text-base">
                {answer}
              </p>
            </details>
          ))}
        </div>
      </div>
    </Section>
  );
}
