import {
  museFeeCents,
  PLAN_LIST,
  PPV_PRICE_CENTS,
  ppvSalesToBreakEven,
  priceCents as planPriceCents,
  type TBillingPeriod,
  type TPlan,
} from '@muse/shared';

/** One plan in the 'numbers' panel: how many pay-per-view sales pay for a month of it. */
export type TBreakEven = {
  plan: TPlan;
  priceCents: number;
  sales: number;
  /** What those sales bring in, before Muse's fee. */
  revenueCents: number;
  /** Muse's fee on those sales, as Earnings deducts it (per sale). */
  feeCents: number;
  /** What the creator keeps of those sales. */
  netCents: number;
  /** What is left of them once the fee and the month are paid for. */
  leftOverCents: number;
};

export function breakEvenRows(period: TBillingPeriod = 'monthly'): TBreakEven[] {
  return PLAN_LIST.map((plan) => {
    const sales = ppvSalesToBreakEven(plan, period);
    const priceCents = planPriceCents(plan, period);
    const revenueCents = sales * PPV_PRICE_CENTS;
    const feeCents = sales * museFeeCents(PPV_PRICE_CENTS);
    const netCents = revenueCents - feeCents;
    return {
      plan,
      priceCents,
      sales,
      revenueCents,
      feeCents,
      netCents,
      leftOverCents: netCents - priceCents,
    };
  });
}

/** The percentage a year paid at once saves over twelve monthly payments, rounded. */
export function yearlySavingPercent(plan: TPlan): number {
  return Math.round((1 - plan.yearlyTotalCents / (plan.monthlyPriceCents * 12)) * 100);
}

/** "1 sale", "2 sales" */
export function countSales(count: number): string {
  return `${count} ${count === 1 ? 'sale' : 'sales'}`;
}
