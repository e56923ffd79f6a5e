import {
  CREDIT_COSTS,
  DRAFT_FAQ_LINE,
  formatCount,
  LICENCES_PER_MODEL,
  PAYMENT_METHODS,
  PLAN_LIST,
  toolsBy,
  WELCOME_CREDITS,
} from '@muse/shared';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const list = (items: string[], type: Intl.ListFormatType = 'conjunction') =>
  new Intl.ListFormat('en-GB', { type }).format(items);

const PLANS_WITHOUT_GENERATION = PLAN_LIST.filter(
  (plan) => !plan.entitlements.imageGeneration && !plan.entitlements.videoGeneration,
).map((plan) => plan.name);

const PAYMENT_METHODS_TEXT = list(
  PAYMENT_METHODS.map((method) => (method === 'Card' ? 'card' : method)),
  'disjunction',
);

/**
 * The table of costs: each tool's line (`faq` in its descriptor), in the order a creator meets
 * them. The registry loads no schema, so this prerendered public page stays without one (docs/decisions/0036-schemas-on-first-use.md).
 */
const COST_LINES = toolsBy('faq');

const QUESTIONS: readonly { question: string; answer: ReactNode }[] = [
  {
    question: 'How do credits work?',
    answer: (
      <>
        <p>
          Every tool costs credits. They are reserved from your balance when a job starts and
          returned automatically if the job fails.
        </p>
        <dl className="divide-y divide-ink-800 overflow-hidden rounded-xl border border-ink-700">
          {COST_LINES.map((tool) => (
            <div key={tool.key} className="flex items-baseline justify-between gap-4 px-4 py-2">
              <dt>{tool.faq.label}</dt>
              <dd className="shrink-0 font-semibold text-white tabular-nums">
                {formatCount(tool.cost)} credits
              </dd>
            </div>
          ))}
          <div className="flex items-baseline justify-between gap-4 px-4 py-2">
            <dt>{DRAFT_FAQ_LINE.label}</dt>
            <dd className="shrink-0 font-semibold text-white tabular-nums">
              {formatCount(CREDIT_COSTS.textDraft)} credit
              {CREDIT_COSTS.textDraft === 1 ? '' : 's'}
            </dd>
          </div>
        </dl>
        <p>
          Every new account starts with {formatCount(WELCOME_CREDITS)} credits. Each plan adds
          credits every month:{' '}
          {list(PLAN_LIST.map((plan) => `${plan.name} ${formatCount(plan.creditsPerMonth)}`))}. They
          add up on every renewal and upgrade and never reset.
          {PLANS_WITHOUT_GENERATION.length > 0
            ? ` ${list(PLANS_WITHOUT_GENERATION)} includes no image or video generation.`
            : null}{' '}
          Credits have no cash value. Choose or upgrade a plan under{' '}
          <Link to="/credits">Get Credits</Link>.
        </p>
      </>
    ),
  },
  {
    question: 'How do I reset my password?',
    answer: (
      <p>
        Open <Link to="/forgot-password">Forgot your password</Link>, enter the e-mail address of
        your account and we will send you a link to choose a new password. The link works once, for
        one hour; if it has not arrived after a few minutes, check your spam folder. If you signed
        up with Google, there is no password to reset: use &lsquo;Continue with Google&rsquo; on the
        sign-in page.
      </p>
    ),
  },
  {
    question: 'How do I cancel my subscription?',
    answer: (
      <p>
        Go to <Link to="/subscriptions">Manage Subscriptions</Link> and cancel your plan. It stays
        active until the end of the period you have paid for and is not charged again; the credits
        and influencer slots you have received stay in your account. Refunds are explained in the{' '}
        <Link to="/terms#credits-and-subscriptions">Terms of Service</Link>.
      </p>
    ),
  },
  {
    question: 'How do marketplace licences work?',
    answer: (
      <p>
        Each model in the <Link to="/marketplace">marketplace</Link> has {LICENCES_PER_MODEL}{' '}
        licences. Claiming one uses an influencer slot from your plan and lets you generate and sell
        content with that persona; other creators may hold the remaining licences, so it is not
        exclusive. When all {LICENCES_PER_MODEL} are taken, the model shows as fully claimed.
      </p>
    ),
  },
  {
    question: 'How do I delete my account or my photos?',
    answer: (
      <p>
        E-mail us from the address of your Muse account and say what you want deleted: the whole
        account, a custom model and its training photos, or generated content. We delete it within
        30 days; the <Link to="/privacy#deletion">Privacy Policy</Link> has the details.
      </p>
    ),
  },
  {
    question: 'Which payment methods can I use?',
    answer: (
      <p>
        You can pay by {PAYMENT_METHODS_TEXT}. Payments are processed by Stripe; Muse never sees
        your full card number.
      </p>
    ),
  },
];

/** Common questions, each folded behind its question (native disclosure, keyboard included). */
export function SupportFaq() {
  return (
    <section aria-labelledby="faq-heading" className="space-y-4">
      <h2 id="faq-heading" className="text-xl font-semibold text-white sm:text-2xl">
        Common questions
      </h2>
      <div className="divide-y divide-ink-800 rounded-2xl border border-ink-800 bg-ink-900/50">
        {QUESTIONS.map(({ question, answer }) => (
          <details key={question} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-4 py-4 font-medium text-white hover:text-brand-300 sm:px-5 [&::-webkit-details-marker]:hidden">
              {question}
              <ChevronDown
                className="size-5 shrink-0 text-zinc-400 transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <div className="space-y-4 px-4 pb-5 text-sm leading-6 text-zinc-300 sm:px-5 sm:text-base sm:leading-7 [&_a]:font-medium [&_a]:text-brand-300 [&_a]:underline [&_a]:decoration-brand-300/40 [&_a]:underline-offset-4 [&_a:hover]:decoration-brand-300">
              {answer}
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
