import { describe, expect, it } from 'vitest';
import {
  PLANS,
  PLAN_LIST,
  formatUsd,
  planFeatures,
  ppvSalesToBreakEven,
  priceCents,
} from './plans';

describe('plans', () => {
  it('bills yearly at twelve times the yearly monthly price', () => {
    for (const plan of PLAN_LIST)
      expect(plan.yearlyTotalCents).toBe(plan.yearlyMonthlyPriceCents * 12);
  });

  it('shows the listed prices', () => {
    expect(PLAN_LIST.map((plan) => formatUsd(priceCents(plan, 'monthly')))).toEqual([
      '$12',
      '$25',
      '$79',
    ]);
    expect(PLAN_LIST.map((plan) => formatUsd(priceCents(plan, 'yearly')))).toEqual([
      '$9',
      '$19',
      '$65',
    ]);
    expect(PLAN_LIST.map((plan) => formatUsd(plan.yearlyTotalCents))).toEqual([
      '$108',
      '$228',
      '$780',
    ]);
  });

  it('keeps image and video generation from Builder only', () => {
    expect(PLANS.builder.entitlements).toMatchObject({
      imageGeneration: false,
      videoGeneration: false,
    });
    expect(PLANS.launch.entitlements).toMatchObject({
      imageGeneration: true,
      videoGeneration: true,
    });
    expect(PLANS.growth.entitlements).toMatchObject({
      imageGeneration: true,
      videoGeneration: true,
    });
  });

  it('lists features from the figures', () => {
    expect(planFeatures(PLANS.launch)).toContain('2,000 credits per month');
    expect(planFeatures(PLANS.builder)).toContain('1 influencer training per month');
  });

  it('counts the pay-per-view sales that pay for a month', () => {
    expect(PLAN_LIST.map((plan) => ppvSalesToBreakEven(plan))).toEqual([1, 1, 2]);
  });
});
