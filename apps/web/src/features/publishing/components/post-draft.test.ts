import { PUBLISHING_TEXTS } from '@muse/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { postFieldOf } from './post-draft';

describe('postFieldOf', () => {
  it('puts the server’s text under the field the answer names, whatever the text says', () => {
    const past = new ApiError(
      'INVALID_REQUEST',
      PUBLISHING_TEXTS.publishAtPast,
      PUBLISHING_TEXTS.publishAtPast,
      'publishAt',
    );
    expect(postFieldOf(past)).toBe('publishAt');
    const gone = new ApiError('GALLERY_ITEM_NOT_FOUND', 'Reworded', 'Reworded', 'itemIds');
    expect(postFieldOf(gone)).toBe('itemIds');
  });

  it('leaves in the banner a text about no field, or about one the form does not show', () => {
    const known = PUBLISHING_TEXTS.captionTooLong;
    expect(postFieldOf(new ApiError('INVALID_REQUEST', known, known))).toBeUndefined();
    expect(
      postFieldOf(new ApiError('INVALID_REQUEST', 'Unknown zone', 'Unknown zone', 'timeZone')),
    ).toBeUndefined();
    expect(postFieldOf(new Error(known))).toBeUndefined();
  });
});
