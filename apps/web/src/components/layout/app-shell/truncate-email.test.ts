import { describe, expect, it } from 'vitest';
import { truncateEmail } from './truncate-email';

describe('truncateEmail', () => {
  it('keeps the first 10 characters of a longer address and adds an ellipsis', () => {
    expect(truncateEmail('ava.creator@example.com')).toBe('ava.creato...');
  });

  it('shows an address of 10 characters or fewer whole', () => {
    expect(truncateEmail('a@b.io')).toBe('a@b.io');
    expect(truncateEmail('ab@cde.com')).toBe('ab@cde.com');
  });

  it('cuts an address of 11 characters', () => {
    expect(truncateEmail('abc@def.com')).toBe('abc@def.co...');
  });
});
