/**
 * Drafts in a persona's words (docs/product/drafts.md): captions for a post's platforms, the
 * influencer form's personality, audience and description, a prompt the image engine follows
 * well, and the persona's voice profile itself. Each draft is a job of the `write-text` task,
 * written by the text engine (`ENGINE_TEXT`): an OpenAI-compatible server, or Muse's own
 * templates offline (free, labelled 'Offline preview').
 */
import { z } from 'zod';
import { CREDIT_COSTS } from '../plans';
import { PLATFORM_RULES, PUBLISH_PLATFORMS, type TPublishPlatform } from '../platforms/rules';
import { asksForMinor, MINORS_TEXT } from '../safety/minors';
import { INFLUENCER_NICHES, ZGeneratedPersona } from './influencers';
import { safeText } from './input';
import { CAPTION_MAX } from './publishing';

/** The engines `ENGINE_TEXT` may choose; the first is the default. */
export const TEXT_ENGINES = ['local', 'openai-compatible'] as const;
export type TTextEngine = (typeof TEXT_ENGINES)[number];

/** What a draft job may write. */
export const DRAFT_KINDS = ['caption', 'persona', 'prompt', 'voice-profile'] as const;
export type TDraftKind = (typeof DRAFT_KINDS)[number];

/** How often a persona writes emoji. */
export const EMOJI_HABITS = ['none', 'few', 'many'] as const;
export type TEmojiHabit = (typeof EMOJI_HABITS)[number];
export const EMOJI_HABIT_LABELS: Record<TEmojiHabit, string> = {
  none: 'No emoji',
  few: 'A few emoji',
  many: 'Lots of emoji',
};

/** The languages a persona may write in, by their ISO 639-1 code. */
export const WRITING_LANGUAGES = {
  en: 'English',
  es: 'Spanish',
  pt: 'Portuguese',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  nl: 'Dutch',
  pl: 'Polish',
  tr: 'Turkish',
  ja: 'Japanese',
  ko: 'Korean',
  zh: 'Chinese',
  hi: 'Hindi',
  ar: 'Arabic',
} as const;
export type TWritingLanguage = keyof typeof WRITING_LANGUAGES;
export const WRITING_LANGUAGE_CODES = Object.keys(WRITING_LANGUAGES) as [
  TWritingLanguage,
  ...TWritingLanguage[],
];

/** The most words a voice profile lists as used or avoided, and the longest of them. */
export const VOICE_PROFILE_LIMITS = { words: 12, wordLength: 40, tone: 200 } as const;

const ZProfileWord = safeText()
  .trim()
  .min(1, 'Remove the empty word')
  .max(
    VOICE_PROFILE_LIMITS.wordLength,
    `Keep each word under ${VOICE_PROFILE_LIMITS.wordLength} characters`,
  );

/** How a persona writes: every draft in its name follows it. */
export const ZVoiceProfile = z.object({
  /** A few words of how it sounds ('warm, teasing, never preachy'). */
  tone: safeText()
    .trim()
    .min(1, 'Describe the tone in a few words')
    .max(VOICE_PROFILE_LIMITS.tone, `Keep the tone under ${VOICE_PROFILE_LIMITS.tone} characters`),
  /** Words and phrases it likes to use. */
  uses: z
    .array(ZProfileWord)
    .max(VOICE_PROFILE_LIMITS.words, `List at most ${VOICE_PROFILE_LIMITS.words} words`),
  /** Words it never uses. */
  avoids: z
    .array(ZProfileWord)
    .max(VOICE_PROFILE_LIMITS.words, `List at most ${VOICE_PROFILE_LIMITS.words} words`),
  emoji: z.enum(EMOJI_HABITS, { error: 'Choose how often it writes emoji' }),
  language: z.enum(WRITING_LANGUAGE_CODES, { error: 'Choose a language' }),
});
export type TVoiceProfile = z.infer<typeof ZVoiceProfile>;

/** GET and PUT /api/influencers/:id/voice-profile: the profile kept, or null for none yet. */
export const ZVoiceProfileResponse = z.object({
  success: z.literal(true),
  profile: ZVoiceProfile.nullable(),
});
export type TVoiceProfileResponse = z.infer<typeof ZVoiceProfileResponse>;

/** Where a caption is drafted for: the persona's own Muse page, or one of the platforms. */
export const CAPTION_TARGETS = ['page', ...PUBLISH_PLATFORMS] as const;
export type TCaptionTarget = (typeof CAPTION_TARGETS)[number];

/**
 * What a drafted caption may hold on each target: its most characters with its hashtags, and
 * how many hashtags a draft asks for (the platform's own most is never passed; a Muse page shows
 * none). Fewer than a platform allows, as its own advice is.
 */
export const CAPTION_DRAFT_RULES: Record<TCaptionTarget, { maxLength: number; hashtags: number }> =
  {
    page: { maxLength: CAPTION_MAX, hashtags: 0 },
    instagram: { maxLength: PLATFORM_RULES.instagram.caption.maxLength, hashtags: 5 },
    tiktok: { maxLength: PLATFORM_RULES.tiktok.caption.maxLength, hashtags: 4 },
    youtube: { maxLength: PLATFORM_RULES.youtube.caption.maxLength, hashtags: 3 },
    x: { maxLength: PLATFORM_RULES.x.caption.maxLength, hashtags: 2 },
  };

/** A caption target's name, as the composer shows it. */
export function captionTargetName(target: TCaptionTarget): string {
  return target === 'page' ? 'Muse page' : PLATFORM_RULES[target as TPublishPlatform].name;
}

/** The most pictures and clips a caption is drafted for (a post's most items). */
export const CAPTION_DRAFT_MAX_ITEMS = 10;
/** The creator's own words a draft starts from, at most. */
export const DRAFT_WORDS_MAX = 1000;

const ZDraftWords = safeText()
  .trim()
  .max(DRAFT_WORDS_MAX, `Keep your words under ${DRAFT_WORDS_MAX} characters`)
  .refine((text) => !asksForMinor(text), { error: MINORS_TEXT });

/** The tools a prompt is improved for, and the longest prompt each one's field takes. */
export const PROMPT_DRAFT_TOOLS = { 'generate-image': 1000, 'generate-video': 500 } as const;
export type TPromptDraftTool = keyof typeof PROMPT_DRAFT_TOOLS;

/** POST /api/drafts (and /v1/drafts): what to write. */
export const ZDraftRequest = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('caption'),
      influencerId: z.uuid({ error: 'Choose an influencer' }),
      /** The post's pictures and clips, from the influencer's gallery. */
      itemIds: z
        .array(z.uuid({ error: 'Choose images or videos from the gallery' }))
        .min(1, 'Choose an image or a video first')
        .max(CAPTION_DRAFT_MAX_ITEMS, `Choose at most ${CAPTION_DRAFT_MAX_ITEMS} items`),
      /** Where the post goes: one caption for each. */
      targets: z
        .array(z.enum(CAPTION_TARGETS, { error: 'Unknown platform' }))
        .min(1, 'Choose where the post goes')
        .max(CAPTION_TARGETS.length)
        .refine((targets) => new Set(targets).size === targets.length, 'Name each platform once'),
      /** What the creator wants said, if anything ('new gym, first day'). */
      words: ZDraftWords.default(''),
      /**
       * Characters each platform's caption leaves free for what the post adds to it (a
       * pay-per-view post's unlock line); the Muse page's caption leaves none.
       */
      reserve: z
        .number({ error: 'Reserve a whole number of characters' })
        .int('Reserve a whole number of characters')
        .min(0, 'Reserve a whole number of characters')
        .max(500, 'Reserve at most 500 characters')
        .default(0),
    }),
    z.object({
      kind: z.literal('persona'),
      niche: z.enum(INFLUENCER_NICHES, { error: 'Choose a niche' }),
      /** The name given so far, which the bio may use. */
      name: safeText().trim().max(80).default(''),
    }),
    z.object({
      kind: z.literal('prompt'),
      /** The tool whose engine the prompt is written for. */
      tool: z.enum(['generate-image', 'generate-video'], { error: 'Unknown tool' }),
      words: safeText()
        .trim()
        .min(1, 'Write a few words first')
        .max(DRAFT_WORDS_MAX, `Keep your words under ${DRAFT_WORDS_MAX} characters`)
        .refine((text) => !asksForMinor(text), { error: MINORS_TEXT }),
      /** The persona the picture is of, whose trigger word Muse adds itself. */
      influencerId: z.uuid({ error: 'Choose an influencer' }).nullable().default(null),
    }),
    z.object({
      kind: z.literal('voice-profile'),
      influencerId: z.uuid({ error: 'Choose an influencer' }),
    }),
  ],
  { error: 'Unknown kind of draft' },
);
export type TDraftRequest = z.input<typeof ZDraftRequest>;
export type TParsedDraftRequest = z.output<typeof ZDraftRequest>;

/** One target's caption: its words, its hashtags, and both as the post carries them. */
export const ZCaptionDraft = z.object({
  target: z.enum(CAPTION_TARGETS),
  caption: z.string(),
  /** Without their '#'. */
  hashtags: z.array(z.string()),
  /** The caption with its hashtags, within the target's length: what fills the composer. */
  text: z.string(),
});
export type TCaptionDraft = z.infer<typeof ZCaptionDraft>;

/** A draft job's result. */
export const ZDraft = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('caption'), captions: z.array(ZCaptionDraft) }),
  z.object({ kind: z.literal('persona'), persona: ZGeneratedPersona }),
  z.object({ kind: z.literal('prompt'), prompt: z.string() }),
  z.object({ kind: z.literal('voice-profile'), profile: ZVoiceProfile }),
]);
export type TDraft = z.infer<typeof ZDraft>;

/** The credits a draft costs with a text engine; offline drafts are free. */
export const DRAFT_COST = CREDIT_COSTS.textDraft;

export const DRAFT_TEXTS = {
  writeCaption: 'Write a caption',
  writingCaption: 'Writing...',
  improvePrompt: 'Improve my prompt',
  improvingPrompt: 'Improving...',
  draftProfile: 'Draft from the bio',
  /** Beside an offline draft: the templates wrote it, not a model in the persona's voice. */
  offlineNote: (name: string) =>
    `Written from Muse's templates: a text engine would write it in ${name}'s voice.`,
  offlineNoteNoPersona: "Written from Muse's templates: a text engine would write it for you.",
  withheld:
    'This draft was withheld: it used words Muse does not allow. Your credits were refunded.',
  malformed:
    'The text engine did not answer in the form Muse asked for. Your credits were refunded.',
  timedOut: 'The text engine took too long to answer. Your credits were refunded.',
  engineUnreachable: 'The text engine could not be reached. Your credits were refunded.',
  profileSaved: 'Voice profile saved',
  profileRemoved: 'Voice profile removed',
  itemNotFound: 'Choose images or videos from this influencer’s gallery',
  draftFailed: 'The draft could not be written',
} as const;
