import { PAYMENT_METHODS } from '@muse/shared';
import { CreditCard, Layers, ShieldCheck, Wallet } from 'lucide-react';

const METHOD_ICONS: Record<(typeof PAYMENT_METHODS)[number], typeof CreditCard> = {
  Card: CreditCard,
  PayPal: Wallet,
};

/** Benefits accumulate and never reset; payment by card and PayPal. */
export function PlanNotes() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div className="flex gap-4 rounded-2xl border border-ink-800 bg-ink-900/70 p-5">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-emerald-400/10 text-emerald-300 ring-1 ring-emerald-400/20 ring-inset">
          <Layers aria-hidden="true" className="size-5" />
        </span>
        <div>
          <p className="font-semibold text-white">
            Benefits accumulate on every renewal and upgrade and do not reset
          </p>
          <p className="mt-1 text-sm text-zinc-400">
            Unused credits and influencer slots stay yours. Each renewal adds the plan&apos;s
            monthly grant on top, and an upgrade adds the new plan&apos;s grant at once.
          </p>
        </div>
      </div>
      <div className="flex gap-4 rounded-2xl border border-ink-800 bg-ink-900/70 p-5">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-ink-800 text-zinc-300 ring-1 ring-ink-600 ring-inset">
          <ShieldCheck aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="font-semibold text-white">Payment methods</p>
          <ul aria-label="Payment methods" className="mt-2 flex flex-wrap gap-2">
            {PAYMENT_METHODS.map((method) => {
              const Icon = METHOD_ICONS[method];
              return (
                <li
                  key={method}
                  className="inline-flex items-center gap-1.5 rounded-lg border border-ink-700 bg-ink-800/60 px-2.5 py-1 text-sm text-zinc-200"
                >
                  <Icon aria-hidden="true" className="size-4 text-zinc-400" />
                  {method}
                </li>
              );
            })}
          </ul>
          <p className="mt-2 text-sm text-zinc-400">
            Secure checkout. Cancel anytime: your plan&apos;s benefits stay until the end of the
            paid period.
          </p>
        </div>
      </div>
    </div>
  );
}
