import { MUSE_FEE_PERCENT, PLAN_LIST, PPV_PRICE_CENTS, museFeeCents } from '@muse/shared';
import { describe, expect, it } from 'vitest';
import { breakEvenRows, countSales, yearlySavingPercent } from './figures';

describe('the landing figures', () => {
  it('counts the pay-per-view sales that pay for each plan, and what is left after the fee', () => {
    expect(
      breakEvenRows().map((row) => [
        row.plan.name,
        row.sales,
        row.revenueCents,
        row.feeCents,
        row.leftOverCents,
      ]),
    ).toEqual([
      ['Builder', 1, 5000, 1000, 2800],
      ['Launch', 1, 5000, 1000, 1500],
      ['Growth', 2, 10000, 2000, 100],
    ]);
    expect(breakEvenRows('yearly').map((row) => row.priceCents)).toEqual([900, 1900, 6500]);
  });

  it('reads every figure from the plans, the pay-per-view price and the fee Earnings deducts', () => {
    const keptPerSale = PPV_PRICE_CENTS - museFeeCents(PPV_PRICE_CENTS);
    expect(keptPerSale).toBe((PPV_PRICE_CENTS * (100 - MUSE_FEE_PERCENT)) / 100);
    for (const period of ['monthly', 'yearly'] as const) {
      for (const row of breakEvenRows(period)) {
        expect(row.revenueCents).toBe(row.sales * PPV_PRICE_CENTS);
        expect(row.netCents).toBe(row.sales * keptPerSale);
        expect(row.leftOverCents).toBe(row.netCents - row.priceCents);
        // The fewest sales that pay for the month: one fewer would not.
        expect(row.leftOverCents).toBeGreaterThanOrEqual(0);
        expect((row.sales - 1) * keptPerSale).toBeLessThan(row.priceCents);
      }
    }
  });

  it('works out what paying yearly saves', () => {
    expect(PLAN_LIST.map(yearlySavingPercent)).toEqual([25, 24, 18]);
  });

  it('says sale or sales', () => {
    expect([countSales(1), countSales(2)]).toEqual(['1 sale', '2 sales']);
  });
});
