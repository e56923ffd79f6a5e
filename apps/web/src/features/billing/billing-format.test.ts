import { describe, expect, it } from 'vitest';
import { formatMovement } from './billing-format';

describe('a ledger movement as a creator reads it', () => {
  it('names model tokens as influencer slots, the word the app uses for them', () => {
    expect(formatMovement({ amount: 2, currency: 'model_tokens' })).toBe('+2 influencer slots');
    expect(formatMovement({ amount: -1, currency: 'model_tokens' })).toBe('−1 influencer slot');
    expect(formatMovement({ amount: 2000, currency: 'credits' })).toBe('+2,000 credits');
  });
});
