import { PLAN_LIST } from '@muse/shared';
import { describe, expect, it } from 'vitest';
import { breakEvenRows, countSales, yearlySavingPercent } from './figures';

describe('the landing figures', () => {
  it('counts the pay-per-view sales that pay for each plan, and what is left over', () => {
    expect(
      breakEvenRows().map((row) => [row.plan.name, row.sales, row.revenueCents, row.leftOverCents]),
    ).toEqual([
      ['Builder', 1, 5000, 3800],
      ['Launch', 1, 5000, 2500],
      ['Growth', 2, 10000, 2100],
    ]);
    expect(breakEvenRows('yearly').map((row) => row.priceCents)).toEqual([900, 1900, 6500]);
  });

  it('works out what paying yearly saves', () => {
    expect(PLAN_LIST.map(yearlySavingPercent)).toEqual([25, 24, 18]);
  });

  it('says sale or sales', () => {
    expect([countSales(1), countSales(2)]).toEqual(['1 sale', '2 sales']);
  });
});
