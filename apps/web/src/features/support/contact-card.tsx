import { PLAN_LIST } from '@muse/shared';
import { Check, Clock, Copy, Mail, ShieldAlert, Zap } from 'lucide-react';
import { useEffect, useState } from 'react';
import { QueryError } from '../../components/ui/query-error';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toaster';
import { usePublicConfig } from '../../lib/public-config';

/** The plans whose e-mails support answers first ("Growth"). */
const PRIORITY_PLANS = new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(
  PLAN_LIST.filter((plan) => plan.support === 'priority').map((plan) => plan.name),
);

const EMAIL_CHECKLIST = [
  'The e-mail address of your Muse account (write from it if you can).',
  'What you were doing: the page or tool, and the influencer or model involved.',
  'What happened instead: the exact error message, or a screenshot.',
  'When it happened, with your time zone.',
  'For a payment: the date and the amount charged.',
];

/**
 * Contact by e-mail at the server's support address, reply usually within 24 hours;
 * beside it, what to put in the e-mail so the first answer can solve the problem.
 */
export function ContactCard() {
  const config = usePublicConfig();
  const supportEmail = config.data?.supportEmail;

  return (
    <div className="relative isolate grid overflow-hidden rounded-2xl border border-ink-700 bg-ink-900 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div
        aria-hidden="true"
        className="absolute -top-24 -left-24 -z-10 size-80 rounded-full bg-gradient-to-br from-brand-500/20 to-accent-500/15 blur-3xl"
      />
      <section
        aria-labelledby="contact-heading"
        className="p-5 sm:p-8 lg:flex lg:flex-col lg:justify-center"
      >
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-brand-500 to-accent-500 text-white">
            <Mail className="size-5" aria-hidden="true" />
          </span>
          <h2 id="contact-heading" className="text-xl font-semibold text-white">
            E-mail us
          </h2>
        </div>

        <div className="mt-5 flex min-h-11 flex-wrap items-center gap-x-4 gap-y-3">
          {supportEmail ? (
            <>
              <a
                href={`mailto:${supportEmail}`}
                className="text-xl font-semibold wrap-anywhere text-brand-300 underline decoration-brand-300/40 underline-offset-4 hover:text-brand-400 hover:decoration-brand-400 sm:text-2xl"
              >
                {supportEmail}
              </a>
              <CopyButton text={supportEmail} />
            </>
          ) : config.isError ? (
            <QueryError
              query={config}
              title="The support address could not be loaded."
              className="py-6"
            />
          ) : (
            <span
              role="status"
              className="block h-8 w-64 max-w-full animate-pulse rounded-lg bg-ink-700"
            >
              <span className="sr-only">Loading the support address</span>
            </span>
          )}
        </div>

        <ul className="mt-6 space-y-3 text-sm leading-6 text-zinc-300 sm:text-base">
          <li className="flex gap-3">
            <Clock className="mt-0.5 size-5 shrink-0 text-brand-400" aria-hidden="true" />
            <span>
              <strong className="font-semibold text-white">
                We usually reply within 24 hours.
              </strong>{' '}
              Questions about accounts, credits, payments, models and content are all welcome.
            </span>
          </li>
          {PRIORITY_PLANS ? (
            <li className="flex gap-3">
              <Zap className="mt-0.5 size-5 shrink-0 text-accent-400" aria-hidden="true" />
              <span>
                <strong className="font-semibold text-white">Priority support</strong> on the{' '}
                {PRIORITY_PLANS} plan: your e-mails are answered first.
              </span>
            </li>
          ) : null}
        </ul>
      </section>

      <section
        aria-labelledby="checklist-heading"
        className="border-t border-ink-700 bg-ink-950/40 p-5 sm:p-8 lg:border-t-0 lg:border-l"
      >
        <h2 id="checklist-heading" className="font-semibold text-white">
          What to include in your e-mail
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-5 text-sm leading-6 text-zinc-300 marker:text-brand-400">
          {EMAIL_CHECKLIST.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="mt-4 flex gap-2 text-sm leading-6 text-amber-100">
          <ShieldAlert className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
          Never send your password or your full card number. We will never ask for them.
        </p>
      </section>
    </div>
  );
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast.error('Could not copy the address. Select it and copy it by hand.');
    }
  }

  return (
    <>
      <Button variant="secondary" size="sm" className="min-w-36" onClick={() => void copy()}>
        {copied ? (
          <Check className="size-4 text-emerald-400" aria-hidden="true" />
        ) : (
          <Copy className="size-4" aria-hidden="true" />
        )}
        {copied ? 'Copied' : 'Copy address'}
      </Button>
      <span role="status" className="sr-only">
        {copied ? 'Support address copied' : ''}
      </span>
    </>
  );
}
