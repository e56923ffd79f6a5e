import { MUSE_FEE_PERCENT, PPV_PRICE_CENTS, formatUsd } from '@muse/shared';
import { breakEvenRows, countSales } from './figures';
import { Section, SectionHeading } from './section';

/**
 * The 'numbers' panel: every figure comes from the shared plans, the PPV price and Muse's fee
 * (docs/product/public-site.md), so it reads what Earnings will show.
 */
export function NumbersSection() {
  const rows = breakEvenRows('monthly');
  const mostSales = Math.max(...rows.map((row) => row.sales));
  const ppvPrice = formatUsd(PPV_PRICE_CENTS);

  return (
    <Section id="numbers">
      <div className="grid items-center gap-12 lg:grid-cols-[0.9fr_1.1fr] lg:gap-16">
        <SectionHeading
          id="numbers"
          eyebrow="The numbers"
          title={`Every plan pays for itself in ${countSales(mostSales)} or fewer`}
          align="left"
        >
          A pay-per-view post sells for {ppvPrice}, and you keep {100 - MUSE_FEE_PERCENT}% of every
          sale. Here is how many sales cover a month of each plan, and what is left for you.
        </SectionHeading>
        <div className="rounded-3xl border border-white/[0.07] bg-ink-900/70 p-2 shadow-2xl shadow-black/40">
          <ul className="divide-y divide-white/[0.06]">
            {rows.map((row) => {
              const feeShare = (row.feeCents / row.revenueCents) * 100;
              const planShare = (row.priceCents / row.revenueCents) * 100;
              return (
                <li key={row.plan.key} className="p-5 sm:p-6">
                  <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                    <p className="text-sm text-zinc-400">
                      <span className="font-semibold text-white">{row.plan.name}</span> ·{' '}
                      {formatUsd(row.priceCents)}/month
                    </p>
                    <p className="text-sm text-zinc-400">
                      <span className="text-2xl font-bold text-white">{countSales(row.sales)}</span>{' '}
                      to break even
                    </p>
                  </div>
                  <div
                    aria-hidden="true"
                    className="mt-4 flex h-2.5 overflow-hidden rounded-full bg-white/[0.06]"
                  >
                    <div className="bg-zinc-700" style={{ width: `${feeShare}%` }} />
                    <div className="bg-zinc-500" style={{ width: `${planShare}%` }} />
                    <div className="flex-1 bg-gradient-to-r from-brand-500 to-accent-500" />
                  </div>
                  <p className="mt-3 flex flex-wrap justify-between gap-x-4 gap-y-1 text-xs text-zinc-400">
                    <span>
                      {countSales(row.sales)} × {ppvPrice} = {formatUsd(row.revenueCents)}, less
                      Muse&apos;s fee of {formatUsd(row.feeCents)}
                    </span>
                    <span className="font-medium text-brand-300">
                      {formatUsd(row.leftOverCents)} left over
                    </span>
                  </p>
                </li>
              );
            })}
          </ul>
          <p className="px-5 pt-1 pb-4 text-xs text-zinc-400 sm:px-6">
            Monthly billing, after Muse&apos;s {MUSE_FEE_PERCENT}% fee on every sale. Yearly billing
            lowers every price further.
          </p>
        </div>
      </div>
    </Section>
  );
}
