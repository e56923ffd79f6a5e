import {
  CREDIT_COSTS,
  LICENCES_PER_MODEL,
  PAYMENT_METHODS,
  PLAN_LIST,
  PPV_PRICE_CENTS,
  WELCOME_CREDITS,
  formatUsd,
} from '@muse/shared';
import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
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

export function FaqSection() {
  // One answer open at a time; clicking the open question again closes it.
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();

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
        <ul className="divide-y divide-white/[0.07] border-y border-white/[0.07]">
          {QUESTIONS.map(({ question, answer }, index) => {
            const open = openIndex === index;
            const buttonId = `${baseId}-question-${index}`;
            const panelId = `${baseId}-answer-${index}`;
            return (
              <li key={question}>
                <h3>
                  <button
                    id={buttonId}
                    type="button"
                    aria-expanded={open}
                    aria-controls={panelId}
                    onClick={() => setOpenIndex(open ? null : index)}
                    className="flex w-full items-center justify-between gap-6 py-5 text-left text-base font-semibold text-white transition-colors hover:text-brand-300 sm:text-lg"
                  >
                    {question}
                    <ChevronDown
                      aria-hidden="true"
                      className={clsx(
                        'size-5 shrink-0 transition-transform duration-300 motion-reduce:transition-none',
                        open ? 'rotate-180 text-brand-300' : 'text-zinc-400',
                      )}
                    />
                  </button>
                </h3>
                <div
                  id={panelId}
                  role="region"
                  aria-labelledby={buttonId}
                  hidden={!open}
                  className="pr-10 pb-6 text-sm leading-relaxed text-zinc-400 sm:text-base"
                >
                  {answer}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </Section>
  );
}
