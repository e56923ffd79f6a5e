import { describe, expect, it } from 'vitest';
import { secondPayment } from './subscriptions';

describe('secondPayment: what a payment becomes when a plan is already live', () => {
  const live = { plan: 'launch', billing: 'monthly' } as const;

  it.each([
    ['growth', 'monthly', false, 'change'],
    ['growth', 'yearly', false, 'change'],
    ['launch', 'yearly', false, 'refund'],
    ['builder', 'monthly', false, 'refund'],
    ['launch', 'monthly', false, 'refund'],
    ['builder', 'monthly', true, 'change'],
    ['launch', 'yearly', true, 'change'],
    ['launch', 'monthly', true, 'refund'],
  ] as const)('%s %s (started while live: %s) becomes a %s', (plan, billing, started, outcome) => {
    expect(secondPayment(live, { plan, billing, startedWhileLive: started })).toBe(outcome);
  });
});
