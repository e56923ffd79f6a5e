import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, TRANSIENT_ERROR_CODES, type TErrorCode } from './error-codes';
import { ZErrorResponse } from './errors';

const codes = Object.keys(ERROR_CODES) as TErrorCode[];

describe('error codes', () => {
  it('are written as constants, each with its statuses and meaning', () => {
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      const { status, meaning } = ERROR_CODES[code];
      expect(status.length, code).toBeGreaterThan(0);
      for (const each of status) expect(each >= 400 && each < 600, code).toBe(true);
      expect(meaning.length, code).toBeGreaterThan(10);
    }
  });

  it('call transient exactly the failures that are not the request’s fault (5xx)', () => {
    const serverSide = codes.filter((code) => ERROR_CODES[code].status.some((s) => s >= 500));
    expect([...TRANSIENT_ERROR_CODES].sort()).toEqual(serverSide.sort());
  });

  it('are required in an error answer, and only the union’s', () => {
    expect(ZErrorResponse.safeParse({ success: false, error: 'Not found' }).success).toBe(false);
    expect(
      ZErrorResponse.safeParse({ success: false, error: 'Not found', code: 'NOPE' }).success,
    ).toBe(false);
    expect(ZErrorResponse.parse({ success: false, error: 'Not found', code: 'NOT_FOUND' })).toEqual(
      { success: false, error: 'Not found', code: 'NOT_FOUND' },
    );
  });

  it('are each listed in docs/product/api.md with their status and meaning', () => {
    const doc = readFileSync(
      path.resolve(import.meta.dirname, '../../../../docs/product/api.md'),
      'utf8',
    );
    const rows = new Map<string, [string, string]>();
    for (const line of doc.split('\n')) {
      const match = /^\| `([A-Z0-9_]+)` +\| ([\d, ]+?) +\| (.+?) +\|$/.exec(line);
      if (match) rows.set(match[1]!, [match[2]!, match[3]!]);
    }
    expect([...rows.keys()]).toEqual(codes);
    for (const code of codes) {
      expect(rows.get(code), code).toEqual([
        ERROR_CODES[code].status.join(', '),
        ERROR_CODES[code].meaning,
      ]);
    }
  });
});
