import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('the secret box', () => {
  const box = createSecretBox('a-long-random-secret-of-at-least-32-chars');

  it('gives back what it sealed, and never seals the same text alike twice', () => {
    const sealed = box.seal('whsec_abc');
    expect(sealed).not.toContain('whsec_abc');
    expect(box.open(sealed)).toBe('whsec_abc');
    expect(box.seal('whsec_abc')).not.toBe(sealed);
  });

  it('refuses a sealed value that was changed, or sealed under another key', () => {
    const sealed = box.seal('whsec_abc');
    const [version, iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([version, iv, flipped.toString('base64url'), tag].join('.'))).toThrow();
    expect(() => createSecretBox('another-long-random-secret-of-32-chars!').open(sealed)).toThrow();
    expect(() => box.open('plain text')).toThrow();
  });
});
