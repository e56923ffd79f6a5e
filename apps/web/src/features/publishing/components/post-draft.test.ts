import { PUBLISHING_TEXTS, type TPlatformAccount } from '@muse/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import {
  chosenTargets,
  defaultPrivacyLevel,
  destinationProblem,
  newTargetDraft,
  platformMedia,
  postFieldOf,
  targetCaption,
  targetPlatformOf,
  targetProblems,
  targetRequests,
  unlockLine,
  withOwnCaption,
  type TTargetDrafts,
} from './post-draft';

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

const xAccount: TPlatformAccount = {
  id: 'account-x',
  platform: 'x',
  username: 'maralind',
  displayName: 'Mara Lind',
  pictureUrl: null,
  profileUrl: 'https://x.com/maralind',
  status: 'connected',
  privacyLevels: [],
  privateOnly: false,
  maxCaptionLength: 280,
  maxVideoSeconds: null,
  connectedAt: '2026-07-01T10:00:00.000Z',
};
const tiktokAccount: TPlatformAccount = {
  ...xAccount,
  id: 'account-tiktok',
  platform: 'tiktok',
  privacyLevels: ['FOLLOWER_OF_CREATOR', 'PUBLIC_TO_EVERYONE', 'SELF_ONLY'],
  maxCaptionLength: 2200,
  maxVideoSeconds: null,
};
const picture = {
  kind: 'image',
  width: 1080,
  height: 1350,
  contentType: 'image/png',
  durationSeconds: null,
} as const;
const clip = {
  kind: 'video',
  width: 1080,
  height: 1920,
  contentType: 'video/mp4',
  durationSeconds: 12,
} as const;

describe('where a post goes', () => {
  it('names the platform a refusal is about, and leaves other fields alone', () => {
    const rules = new ApiError('PLATFORM_RULES', 'Too long', 'Too long', 'targets.x');
    expect(targetPlatformOf(rules)).toBe('x');
    expect(postFieldOf(rules)).toBeUndefined();
    expect(
      targetPlatformOf(new ApiError('PLATFORM_RULES', 'No', 'No', 'targets.myspace')),
    ).toBeUndefined();
    expect(
      targetPlatformOf(new ApiError('INVALID_REQUEST', 'No', 'No', 'caption')),
    ).toBeUndefined();
    const onPage = new ApiError('INVALID_REQUEST', 'Keep it', 'Keep it', 'onPage');
    expect(postFieldOf(onPage)).toBe('onPage');
  });

  it('sends a pay-per-view post as JPEG pictures of its items’ sizes', () => {
    expect(platformMedia([picture, clip], false)).toEqual([
      { ...picture, bytes: 0 },
      { ...clip, bytes: 0 },
    ]);
    expect(platformMedia([picture, clip], true)).toEqual([
      { kind: 'image', width: 1080, height: 1350, contentType: 'image/jpeg', bytes: 0 },
      { kind: 'image', width: 1080, height: 1920, contentType: 'image/jpeg', bytes: 0 },
    ]);
  });

  it('checks the caption as it goes out: its own or the post’s, with a PPV post’s unlock link', () => {
    const draft = newTargetDraft(xAccount);
    const media = platformMedia([picture], false);
    const caption = 'a'.repeat(250);
    expect(targetProblems('x', draft, xAccount, { caption, media, suffix: '' })).toEqual([]);
    const suffix = unlockLine('https://muse.example', 'mara.lind');
    expect(suffix).toMatch(
      /^\n\nUnlock it on Muse: https:\/\/muse\.example\/i\/mara\.lind\/posts\//,
    );
    expect(
      targetProblems('x', draft, xAccount, { caption, media, suffix }).map((p) => p.code),
    ).toEqual(['CAPTION_TOO_LONG']);
    // Its own, shorter caption fits; an X subscriber's account takes long posts.
    const own = { ...withOwnCaption(draft, true, caption), caption: 'Short' };
    expect(targetProblems('x', own, xAccount, { caption, media, suffix })).toEqual([]);
    expect(
      targetProblems(
        'x',
        draft,
        { ...xAccount, maxCaptionLength: 25_000 },
        { caption, media, suffix },
      ),
    ).toEqual([]);
  });

  it('starts an own caption from the post’s, and keeps one already written', () => {
    const draft = newTargetDraft(xAccount);
    expect(withOwnCaption(draft, true, 'Sunny days')).toMatchObject({
      ownCaption: true,
      caption: 'Sunny days',
    });
    const written = { ...draft, ownCaption: true, caption: 'Mine' };
    expect(withOwnCaption(withOwnCaption(written, false, 'Post'), true, 'Post').caption).toBe(
      'Mine',
    );
    expect(targetCaption(withOwnCaption(written, false, ' Post '), ' Post ')).toBe('Post');
  });

  it('asks YouTube for a title and TikTok for a privacy level the account allows', () => {
    const youtube = { ...xAccount, platform: 'youtube' as const, maxCaptionLength: 5000 };
    const video = platformMedia([clip], false);
    const untitled = newTargetDraft(youtube);
    expect(
      targetProblems('youtube', untitled, youtube, { caption: '', media: video, suffix: '' }).map(
        (problem) => problem.code,
      ),
    ).toEqual(['TITLE_REQUIRED']);
    expect(newTargetDraft(tiktokAccount).privacyLevel).toBe('PUBLIC_TO_EVERYONE');
    expect(defaultPrivacyLevel({ ...tiktokAccount, privacyLevels: ['SELF_ONLY'] })).toBe(
      'SELF_ONLY',
    );
    expect(newTargetDraft(xAccount).privacyLevel).toBe('');
  });

  it('sends the chosen connected accounts in the order offered, a caption only where it is their own', () => {
    const drafts: TTargetDrafts = {
      x: { ...newTargetDraft(xAccount), ownCaption: true, caption: 'On X' },
      tiktok: { ...newTargetDraft(tiktokAccount), privacyLevel: 'SELF_ONLY' },
      instagram: { ...newTargetDraft({ ...xAccount, platform: 'instagram' }), chosen: false },
      youtube: { ...newTargetDraft(xAccount), title: 'Ignored: the account expired' },
    };
    const accounts = [
      xAccount,
      tiktokAccount,
      { ...xAccount, platform: 'instagram' as const },
      { ...xAccount, platform: 'youtube' as const, status: 'expired' as const },
    ];
    const chosen = chosenTargets(['tiktok', 'instagram', 'youtube', 'x'], drafts, accounts);
    expect(targetRequests(chosen)).toEqual([
      { platform: 'tiktok', caption: null, title: null, privacyLevel: 'SELF_ONLY' },
      { platform: 'x', caption: 'On X', title: null, privacyLevel: null },
    ]);
    expect(destinationProblem(false, chosen.length)).toBeNull();
    expect(destinationProblem(true, 0)).toBeNull();
    expect(destinationProblem(false, 0)).toBe(PUBLISHING_TEXTS.noDestination);
  });
});
