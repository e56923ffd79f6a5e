import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { makeQueryClient } from './providers';

const retry = makeQueryClient().getDefaultOptions().queries?.retry as (
  failures: number,
  error: unknown,
) => boolean;

describe('reads', () => {
  it('are tried again when no answer came or the server failed, never when the request was refused', () => {
    const again = (code: ConstructorParameters<typeof ApiError>[0]) =>
      retry(0, new ApiError(code, 'text'));
    expect(again('UNREACHABLE')).toBe(true);
    expect(again('UNEXPECTED_ANSWER')).toBe(true);
    expect(again('INTERNAL_ERROR')).toBe(true);
    expect(again('SERVICE_UNAVAILABLE')).toBe(true);
    expect(again('NOT_FOUND')).toBe(false);
    expect(again('RATE_LIMITED')).toBe(false);
    expect(again('UNAUTHORISED')).toBe(false);
    expect(retry(0, new Error('render failed'))).toBe(true);
    expect(retry(2, new ApiError('UNREACHABLE', 'text'))).toBe(false);
  });
});
