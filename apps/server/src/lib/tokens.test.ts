import { describe, expect, it } from 'vitest';
import { bearerToken, hashToken, randomToken } from './tokens';

describe('bearerToken', () => {
  const token = randomToken();

  it('reads the token of a bearer header, whatever the case of the scheme', () => {
    expect(bearerToken(`Bearer ${token}`)).toBe(token);
    expect(bearerToken(`bearer ${token}`)).toBe(token);
    expect(bearerToken(`BEARER ${token} `)).toBe(token);
  });

  it('finds none without a header, in another scheme, empty or far too long', () => {
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('')).toBeUndefined();
    expect(bearerToken(`Basic ${token}`)).toBeUndefined();
    expect(bearerToken(`Bearer${token}`)).toBeUndefined();
    expect(bearerToken('Bearer ')).toBeUndefined();
    expect(bearerToken('Bearer    ')).toBeUndefined();
    expect(bearerToken(`Bearer ${'a'.repeat(101)}`)).toBeUndefined();
  });
});

describe('hashToken', () => {
  it('is the SHA-256 of the token, in hex', () => {
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
