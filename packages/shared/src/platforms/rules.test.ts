import { describe, expect, it } from 'vitest';
import { checkForPlatform, PLATFORM_RULES, PUBLISH_PLATFORMS, type TPostMedia } from './rules';

const picture = (width: number, height: number, bytes = 500_000): TPostMedia => ({
  kind: 'image',
  width,
  height,
  contentType: 'image/webp',
  bytes,
});
const clip = (width: number, height: number, durationSeconds = 10): TPostMedia => ({
  kind: 'video',
  width,
  height,
  contentType: 'video/mp4',
  bytes: 8_000_000,
  durationSeconds,
});
const codes = (...args: Parameters<typeof checkForPlatform>) =>
  checkForPlatform(...args).map((problem) => problem.code);

describe('the platforms’ rules', () => {
  it('name every platform once, with the onboarding’s name for it', () => {
    expect(Object.keys(PLATFORM_RULES).sort()).toEqual([...PUBLISH_PLATFORMS].sort());
    expect(PUBLISH_PLATFORMS.map((key) => PLATFORM_RULES[key].onboardingName).sort()).toEqual(
      ['Instagram', 'TikTok', 'Twitter', 'YouTube'].sort(),
    );
  });

  it('take a 4:5 picture on Instagram and X, and refuse a tall one on Instagram with the tool that reframes it', () => {
    expect(codes('instagram', { caption: 'Night train', media: [picture(1080, 1350)] })).toEqual(
      [],
    );
    expect(codes('x', { caption: 'Night train', media: [picture(1080, 1350)] })).toEqual([]);
    const [tall] = checkForPlatform('instagram', { caption: '', media: [picture(1080, 1920)] });
    expect(tall).toMatchObject({ code: 'IMAGE_SHAPE', item: 0, fix: 'edit-image' });
    expect(tall!.message).toBe(
      'Instagram takes pictures from 1:1.25 to 1.91:1: picture 1 is 1:1.78. Reframe it in Edit Image',
    );
  });

  it('refuse a 3:2 video for TikTok and YouTube Shorts, saying why, and take a 9:16 one', () => {
    const wide = clip(1620, 1080);
    for (const platform of ['tiktok', 'youtube'] as const) {
      const [problem] = checkForPlatform(platform, { caption: 'Hi', title: 'Hi', media: [wide] });
      expect(problem).toMatchObject({ code: 'VIDEO_SHAPE', item: 0 });
      expect(problem!.message).toContain('takes vertical video: video 1 is 1.5:1');
      expect(codes(platform, { caption: 'Hi', title: 'Hi', media: [clip(1080, 1920)] })).toEqual(
        [],
      );
    }
  });

  it('refuse five pictures for X, and a picture for YouTube', () => {
    const five = Array.from({ length: 5 }, () => picture(1080, 1080));
    const [problem] = checkForPlatform('x', { caption: 'Five', media: five });
    expect(problem).toEqual({
      code: 'TOO_MANY_IMAGES',
      message: 'X takes up to 4 pictures in a post: this one has 5',
    });
    expect(codes('youtube', { caption: '', title: 'A', media: [picture(1080, 1920)] })).toContain(
      'IMAGES_NOT_TAKEN',
    );
  });

  it('count captions in characters as people do, hashtags where a platform limits them, and a title where one is asked for', () => {
    expect(codes('x', { caption: '🚆'.repeat(280), media: [picture(1, 1)] })).toEqual([]);
    expect(codes('x', { caption: 'a'.repeat(281), media: [picture(1, 1)] })).toEqual([
      'CAPTION_TOO_LONG',
    ]);
    const tags = Array.from({ length: 31 }, (_, n) => `#tag${n}`).join(' ');
    expect(codes('instagram', { caption: tags, media: [picture(1080, 1080)] })).toEqual([
      'TOO_MANY_HASHTAGS',
    ]);
    expect(codes('youtube', { caption: '', media: [clip(1080, 1920)] })).toEqual([
      'TITLE_REQUIRED',
    ]);
    expect(
      codes('youtube', { caption: '', title: 'x'.repeat(101), media: [clip(1080, 1920)] }),
    ).toEqual(['TITLE_TOO_LONG']);
  });

  it('refuse a post without media, a too long Short, and pictures with a video where a platform does not mix them', () => {
    expect(codes('tiktok', { caption: 'Hi', media: [] })).toEqual(['NO_MEDIA']);
    expect(
      codes('youtube', { caption: '', title: 'Long', media: [clip(1080, 1920, 240)] }),
    ).toEqual(['VIDEO_LENGTH']);
    expect(
      codes('tiktok', { caption: '', media: [picture(1080, 1920), clip(1080, 1920)] }),
    ).toEqual(['MIXED_MEDIA']);
    expect(
      codes('instagram', { caption: '', media: [picture(1080, 1350), clip(1080, 1920)] }),
    ).toEqual([]);
  });
});
