import { describe, expect, it } from 'vitest';
import { INPUT_TEXTS, isStorableText, safeText, ZIntId, ZIntIdParam } from './input';

describe('isStorableText', () => {
  it('accepts any well-formed text, emoji (surrogate pairs) included', () => {
    for (const text of ['', 'Anna', 'Zoë 🙂', '日本語', '\t\n', '\ud83d\ude42'])
      expect(isStorableText(text)).toBe(true);
  });

  it('refuses NUL and unpaired surrogates wherever they are', () => {
    for (const text of [
      '\u0000',
      'a\u0000b',
      '\ud800',
      'a\ud800',
      '\udc00a',
      '\ud83d\ud83d',
      'a\ude42\ud83d',
    ])
      expect(isStorableText(text)).toBe(false);
  });

  it('agrees with String#isWellFormed (Node 20 has it) on NUL-free text', () => {
    // The library types this package compiles against predate it.
    const isWellFormed = (text: string) =>
      (text as unknown as { isWellFormed: () => boolean }).isWellFormed();
    const units = ['a', '\ud800', '\udbff', '\udc00', '\udfff', '🙂'];
    for (const first of units)
      for (const second of units)
        for (const third of units) {
          const text = first + second + third;
          expect(isStorableText(text)).toBe(isWellFormed(text));
        }
  });
});

describe('safeText', () => {
  it('keeps the schema’s own checks and texts, and adds its own', () => {
    const name = safeText({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(5, 'Too long');
    expect(name.safeParse('  Anna ').data).toBe('Anna');
    expect(name.safeParse(' ').error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse(42).error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse('Toolong').error?.issues[0]?.message).toBe('Too long');
    expect(name.safeParse('A\u0000').error?.issues[0]?.message).toBe(INPUT_TEXTS.textNotAllowed);
  });
});

describe('integer ids', () => {
  it('take 1 to 2147483647, and nothing else', () => {
    expect(ZIntId.safeParse(2147483647).success).toBe(true);
    for (const id of [0, -1, 1.5, 2147483648, Number.MAX_SAFE_INTEGER, '1'])
      expect(ZIntId.safeParse(id).error?.issues[0]?.message).toBe(INPUT_TEXTS.idInvalid);
  });

  it('read from a path segment', () => {
    expect(ZIntIdParam.parse('42')).toBe(42);
    for (const id of ['0', '2147483648', '1.5', 'abc', '', '1e3x'])
      expect(ZIntIdParam.safeParse(id).error?.issues[0]?.message).toBe(INPUT_TEXTS.idInvalid);
  });
});
