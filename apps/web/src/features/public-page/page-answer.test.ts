import type { TPublicPost } from '@muse/shared';
import { describe, expect, it } from 'vitest';
import { pageAnswerOf, unlockedPostsOf, withUnlocked } from './page-answer';

const post = (id: string, changes: Partial<TPublicPost> = {}): TPublicPost => ({
  id,
  caption: '',
  priceCents: 5000,
  publishedAt: '2026-06-01T12:00:00.000Z',
  aiGenerated: true,
  locked: true,
  purchased: false,
  own: false,
  items: [],
  ...changes,
});

describe('the page with what the viewer has unlocked', () => {
  it('takes each unlocked post in place of the visitor’s, by id, in the page’s order', () => {
    const page = [post('a'), post('b'), post('c', { priceCents: 0, locked: false })];
    const merged = withUnlocked(page, [
      post('b', { locked: false, purchased: true }),
      // Not shown on the page (hidden since, say): left out.
      post('z', { locked: false, purchased: true }),
    ]);
    expect(merged.map(({ id, locked, purchased }) => [id, locked, purchased])).toEqual([
      ['a', true, false],
      ['b', false, true],
      ['c', false, false],
    ]);
    expect(withUnlocked(page, null)).toEqual(page);
  });

  it('reads only answers of the right shape', () => {
    expect(unlockedPostsOf({ success: true, posts: [post('a')] })).toHaveLength(1);
    expect(unlockedPostsOf({ success: true, posts: [{ id: 'a' }] })).toBeNull();
    expect(unlockedPostsOf({ success: false, error: 'No' })).toBeNull();
    expect(
      pageAnswerOf({ success: true, page: { handle: 'a', name: 'A' }, posts: [] }),
    ).not.toBeNull();
    expect(pageAnswerOf({ success: true, posts: [] })).toBeNull();
    expect(pageAnswerOf('nonsense')).toBeNull();
  });
});
