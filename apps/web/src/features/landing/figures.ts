import {
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
  /** What those sales bring in. */
  revenueCents: number;
  /** What is left of them once the month is paid for. */
  leftOverCents: number;
};

export function breakEvenRows(period: TBillingPeriod = 'monthly'): TBreakEven[] {
  return PLAN_LIST.map((plan) => {
    const sales = ppvSalesToBreakEven(plan, period);
    const priceCents = planPriceCents(plan, period);
    const revenueCents = sales * PPV_PRICE_CENTS;
    return { plan, priceCents, sales, revenueCents, leftOverCents: revenueCents - priceCents };
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
