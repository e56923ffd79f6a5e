import { PLAN_LIST, type TBillingPeriod } from '@muse/shared';
import { cn } from '../../../lib/cn';

// The best yearly saving of any plan, from the plans' own prices.
const BEST_YEARLY_SAVING = Math.max(
  ...PLAN_LIST.map((plan) =>
    Math.round((1 - plan.yearlyMonthlyPriceCents / plan.monthlyPriceCents) * 100),
  ),
);

const OPTIONS: { period: TBillingPeriod; label: string }[] = [
  { period: 'monthly', label: 'Monthly' },
  { period: 'yearly', label: 'Yearly' },
];

/** The credits page's Monthly/Yearly toggle. */
export function BillingPeriodToggle({
  value,
  onChange,
}: {
  value: TBillingPeriod;
  onChange: (period: TBillingPeriod) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Billing period"
      className="inline-flex rounded-xl border border-ink-700 bg-ink-900 p-1"
    >
      {OPTIONS.map(({ period, label }) => {
        const active = value === period;
        return (
          <button
            key={period}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(period)}
            className={cn(
              'flex h-9 items-center gap-2 rounded-lg px-4 text-sm font-semibold transition-colors',
              active
                ? 'bg-ink-700 text-white shadow-sm shadow-black/40'
                : 'text-zinc-400 hover:text-zinc-100',
            )}
          >
            {label}
            {period === 'yearly' ? (
              <span
                className={cn(
                  'rounded-md px-1.5 py-px text-[11px] font-semibold',
                  active ? 'bg-emerald-400/15 text-emerald-300' : 'bg-ink-800 text-emerald-400/80',
                )}
              >
                Save up to {BEST_YEARLY_SAVING}%
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
