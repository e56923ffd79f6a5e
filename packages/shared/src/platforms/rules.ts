/**
 * What each social platform accepts in a post, as data (docs/product/platform-rules.md cites each
 * platform's documentation for every figure). The calendar checks a post against these before it
 * accepts it, so a refusal says what to change instead of a platform refusing it at its time.
 */

/** The platforms Muse publishes to, by key. */
export const PUBLISH_PLATFORMS = ['instagram', 'tiktok', 'youtube', 'x'] as const;
export type TPublishPlatform = (typeof PUBLISH_PLATFORMS)[number];

type TRange = { min: number; max: number };

export type TPlatformRules = {
  /** The platform's name, as creators know it. */
  name: string;
  /** Its name among the onboarding's answers ('Which platforms will you post to?'). */
  onboardingName: 'Instagram' | 'TikTok' | 'YouTube' | 'Twitter';
  /** The caption's most characters (code points), and its most hashtags where limited. */
  caption: { maxLength: number; maxHashtags: number | null };
  /** A title the platform asks for beside the caption (YouTube), with its most characters. */
  title: { maxLength: number } | null;
  /** Pictures: how many a post may carry (0: none), in which shapes, how large. */
  images: {
    max: number;
    /** Width ÷ height a picture may have. */
    aspect: TRange | null;
    maxBytes: number;
    /** The formats it takes; Muse sends any other picture as the first of them. */
    formats: readonly string[];
  };
  /** Videos: how many a post may carry (0: none), their shapes and lengths. */
  videos: {
    max: number;
    aspect: TRange | null;
    seconds: TRange;
    maxBytes: number;
  };
  /** Whether one post may carry pictures and a video together. */
  mixesMedia: boolean;
  /** The platform's own field that says a post is AI-made, if it has one. */
  aiDisclosure: string | null;
};

const MB = 1_000_000;

export const PLATFORM_RULES: Record<TPublishPlatform, TPlatformRules> = {
  instagram: {
    name: 'Instagram',
    onboardingName: 'Instagram',
    caption: { maxLength: 2200, maxHashtags: 30 },
    title: null,
    // A carousel holds up to 10 pictures and videos; a feed picture is 4:5 to 1.91:1.
    images: {
      max: 10,
      aspect: { min: 4 / 5, max: 1.91 },
      maxBytes: 8 * MB,
      formats: ['image/jpeg'],
    },
    // A video is a Reel: 3 s to 15 min.
    videos: {
      max: 10,
      aspect: { min: 0.01, max: 10 },
      seconds: { min: 3, max: 900 },
      maxBytes: 300 * MB,
    },
    mixesMedia: true,
    // Instagram reads the picture's own metadata (its Content Credentials and IPTC source type).
    aiDisclosure: null,
  },
  tiktok: {
    name: 'TikTok',
    onboardingName: 'TikTok',
    caption: { maxLength: 2200, maxHashtags: null },
    title: null,
    // Photo posts: up to 35 pictures.
    images: { max: 35, aspect: null, maxBytes: 20 * MB, formats: ['image/jpeg', 'image/webp'] },
    // Muse sends TikTok vertical video only (portrait or square), as its feed shows it.
    videos: {
      max: 1,
      aspect: { min: 0.5, max: 1 },
      seconds: { min: 3, max: 600 },
      maxBytes: 4000 * MB,
    },
    mixesMedia: false,
    aiDisclosure: 'post_info.is_aigc',
  },
  youtube: {
    name: 'YouTube Shorts',
    onboardingName: 'YouTube',
    caption: { maxLength: 5000, maxHashtags: 15 },
    title: { maxLength: 100 },
    images: { max: 0, aspect: null, maxBytes: 0, formats: [] },
    // A Short is a vertical or square video of up to 3 minutes.
    videos: {
      max: 1,
      aspect: { min: 0.5, max: 1 },
      seconds: { min: 1, max: 180 },
      maxBytes: 256_000 * MB,
    },
    mixesMedia: false,
    aiDisclosure: 'status.containsSyntheticMedia',
  },
  x: {
    name: 'X',
    onboardingName: 'Twitter',
    caption: { maxLength: 280, maxHashtags: null },
    title: null,
    images: {
      max: 4,
      aspect: null,
      maxBytes: 5 * MB,
      formats: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    },
    videos: {
      max: 1,
      aspect: { min: 1 / 3, max: 3 },
      seconds: { min: 0.5, max: 140 },
      maxBytes: 512 * MB,
    },
    mixesMedia: false,
    aiDisclosure: null,
  },
};

/** A picture or a clip of a post, as the gallery knows it. */
export type TPostMedia = {
  kind: 'image' | 'video';
  width: number;
  height: number;
  contentType: string;
  bytes: number;
  durationSeconds?: number | null;
};

/** What stands in the way of a post on a platform, in words, and the tool that fixes it. */
export type TPlatformProblem = {
  code:
    | 'CAPTION_TOO_LONG'
    | 'TOO_MANY_HASHTAGS'
    | 'TITLE_REQUIRED'
    | 'TITLE_TOO_LONG'
    | 'NO_MEDIA'
    | 'IMAGES_NOT_TAKEN'
    | 'VIDEOS_NOT_TAKEN'
    | 'TOO_MANY_IMAGES'
    | 'TOO_MANY_VIDEOS'
    | 'MIXED_MEDIA'
    | 'IMAGE_SHAPE'
    | 'VIDEO_SHAPE'
    | 'VIDEO_LENGTH'
    | 'FILE_TOO_LARGE';
  message: string;
  /** The item it is about (0-based), when it is about one. */
  item?: number;
  /** A Muse tool that fixes it ('edit-image' reframes a picture). */
  fix?: 'edit-image';
};

const HASHTAG = /(^|\s)#[\p{L}\p{N}_]+/gu;

/** Characters as people count them: code points, so an emoji is one. */
const lengthOf = (text: string) => [...text].length;

const ratio = (value: number) =>
  value >= 1
    ? `${(Math.round(value * 100) / 100).toString()}:1`
    : `1:${(Math.round(100 / value) / 100).toString()}`;

/**
 * The problems of a post on `platform`: its caption (and title where one is asked for) and
 * media against the platform's rules. An empty list: the platform will take it.
 */
export function checkForPlatform(
  platform: TPublishPlatform,
  post: { caption: string; title?: string | null; media: readonly TPostMedia[] },
  /** What the connected account allows beyond the platform's rule (X's long posts, TikTok's video length). */
  account: { maxCaptionLength?: number; maxVideoSeconds?: number } = {},
): TPlatformProblem[] {
  const base = PLATFORM_RULES[platform];
  const rules: TPlatformRules = {
    ...base,
    caption: { ...base.caption, maxLength: account.maxCaptionLength ?? base.caption.maxLength },
    videos: {
      ...base.videos,
      seconds: {
        ...base.videos.seconds,
        max: Math.min(base.videos.seconds.max, account.maxVideoSeconds ?? Infinity),
      },
    },
  };
  const { name } = rules;
  const problems: TPlatformProblem[] = [];
  if (lengthOf(post.caption) > rules.caption.maxLength)
    problems.push({
      code: 'CAPTION_TOO_LONG',
      message: `${name} takes captions of up to ${rules.caption.maxLength.toLocaleString('en-US')} characters: shorten this one by ${(lengthOf(post.caption) - rules.caption.maxLength).toLocaleString('en-US')}`,
    });
  const hashtags = post.caption.match(HASHTAG)?.length ?? 0;
  if (rules.caption.maxHashtags !== null && hashtags > rules.caption.maxHashtags)
    problems.push({
      code: 'TOO_MANY_HASHTAGS',
      message: `${name} takes up to ${rules.caption.maxHashtags} hashtags: this caption has ${hashtags}`,
    });
  if (rules.title) {
    const title = post.title?.trim() ?? '';
    if (!title)
      problems.push({ code: 'TITLE_REQUIRED', message: `${name} needs a title for the video` });
    else if (lengthOf(title) > rules.title.maxLength)
      problems.push({
        code: 'TITLE_TOO_LONG',
        message: `${name} takes titles of up to ${rules.title.maxLength} characters`,
      });
  }

  const images = post.media.filter((item) => item.kind === 'image');
  const videos = post.media.filter((item) => item.kind === 'video');
  if (post.media.length === 0)
    problems.push({ code: 'NO_MEDIA', message: `A post on ${name} needs a picture or a video` });
  if (images.length > 0 && rules.images.max === 0)
    problems.push({ code: 'IMAGES_NOT_TAKEN', message: `${name} takes videos only, not pictures` });
  else if (images.length > rules.images.max)
    problems.push({
      code: 'TOO_MANY_IMAGES',
      message: `${name} takes up to ${rules.images.max} pictures in a post: this one has ${images.length}`,
    });
  if (videos.length > 0 && rules.videos.max === 0)
    problems.push({ code: 'VIDEOS_NOT_TAKEN', message: `${name} takes pictures only, not videos` });
  else if (videos.length > rules.videos.max)
    problems.push({
      code: 'TOO_MANY_VIDEOS',
      message: `${name} takes ${rules.videos.max === 1 ? 'one video' : `up to ${rules.videos.max} videos`} in a post: this one has ${videos.length}`,
    });
  if (images.length > 0 && videos.length > 0 && !rules.mixesMedia)
    problems.push({
      code: 'MIXED_MEDIA',
      message: `${name} takes pictures or a video in a post, not both`,
    });

  post.media.forEach((item, index) => {
    const aspect = item.width / item.height;
    const limits = item.kind === 'image' ? rules.images : rules.videos;
    if (limits.max === 0) return;
    if (
      limits.aspect &&
      (aspect < limits.aspect.min - 0.005 || aspect > limits.aspect.max + 0.005)
    ) {
      problems.push(
        item.kind === 'image'
          ? {
              code: 'IMAGE_SHAPE',
              message: `${name} takes pictures from ${ratio(limits.aspect.min)} to ${ratio(limits.aspect.max)}: picture ${index + 1} is ${ratio(aspect)}. Reframe it in Edit Image`,
              item: index,
              fix: 'edit-image',
            }
          : {
              code: 'VIDEO_SHAPE',
              message:
                limits.aspect.max <= 1
                  ? `${name} takes vertical video: video ${index + 1} is ${ratio(aspect)}. Make it 9:16 in Generate Video`
                  : `${name} takes videos from ${ratio(limits.aspect.min)} to ${ratio(limits.aspect.max)}: video ${index + 1} is ${ratio(aspect)}`,
              item: index,
            },
      );
    }
    if (item.kind === 'video' && item.durationSeconds != null) {
      const { min, max } = rules.videos.seconds;
      if (item.durationSeconds < min || item.durationSeconds > max)
        problems.push({
          code: 'VIDEO_LENGTH',
          message: `${name} takes videos of ${min} to ${max >= 60 ? `${max / 60} minutes` : `${max} seconds`}: video ${index + 1} is ${Math.round(item.durationSeconds)} seconds`,
          item: index,
        });
    }
    if (item.bytes > limits.maxBytes)
      problems.push({
        code: 'FILE_TOO_LARGE',
        message: `${name} takes ${item.kind === 'image' ? 'pictures' : 'videos'} of up to ${Math.round(limits.maxBytes / MB)} MB: ${item.kind === 'image' ? 'picture' : 'video'} ${index + 1} is ${Math.ceil(item.bytes / MB)} MB`,
        item: index,
      });
  });
  return problems;
}

/** What turns a platform on, and what the platform must approve before its posts are public. */
export const PLATFORM_SETUP: Record<TPublishPlatform, { variables: string[]; review: string }> = {
  instagram: {
    variables: ['INSTAGRAM_APP_ID', 'INSTAGRAM_APP_SECRET'],
    review:
      'Meta’s App Review of instagram_business_basic and instagram_business_content_publish before accounts outside the app’s own roles can connect; an account whose Page needs Page Publishing Authorization cannot publish until it is done',
  },
  tiktok: {
    variables: ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET'],
    review:
      'TikTok’s audit of the Content Posting API: until it passes, every post is private (only the account sees it) and at most 5 accounts a day can post',
  },
  youtube: {
    variables: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'YOUTUBE_PUBLISHING'],
    review:
      'Google’s verification of the youtube.upload scope: an unverified app’s uploads are private; each upload spends about 100 units of the project’s daily YouTube quota',
  },
  x: {
    variables: ['X_CLIENT_ID', 'X_CLIENT_SECRET'],
    review:
      'An X developer app with OAuth 2.0 and read and write permission; the app’s plan sets how many posts a day it may make',
  },
};
