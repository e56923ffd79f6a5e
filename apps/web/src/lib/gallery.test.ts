import { describe, expect, it } from 'vitest';
import { galleryQueryString } from './gallery';

describe('the gallery filters', () => {
  it('become the query string the API reads', () => {
    expect(galleryQueryString({ influencerId: '', minScore: '' }, null)).toBe('');
    expect(galleryQueryString({ influencerId: 'none', minScore: '70' }, 'abc')).toBe(
      '?influencerId=none&minScore=70&cursor=abc',
    );
    expect(galleryQueryString({ kind: 'video', productId: 'p-1' }, null)).toBe(
      '?kind=video&productId=p-1',
    );
  });
});
