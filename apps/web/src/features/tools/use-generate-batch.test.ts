import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { isRefusal } from './use-generate-batch';

describe('a refused generation', () => {
  it('opens the limit modal for the balance and the plan, by the answer’s code', () => {
    for (const code of ['INSUFFICIENT_CREDITS', 'TOOL_NOT_ALLOWED'] as const) {
      expect(isRefusal(new ApiError(code, 'text', 'text'))).toBe(true);
    }
  });

  it('does not for any other failure, whatever its status was', () => {
    for (const code of ['INFLUENCER_LIMIT', 'PERSONA_NOT_READY', 'UNREACHABLE'] as const) {
      expect(isRefusal(new ApiError(code, 'text', 'text'))).toBe(false);
    }
    expect(isRefusal(new Error('Payment required'))).toBe(false);
  });
});
