/**
 * The text engine of any server that speaks OpenAI's chat-completions protocol
 * (`ENGINE_TEXT=openai-compatible`): Ollama, llama.cpp's server, vLLM, LM Studio, OpenAI or a
 * hosted router, reached with the official `openai` client at TEXT_API_URL
 * (docs/decisions/0057-self-hosted-text-engines.md).
 *
 * Every answer is asked for as JSON with a schema generated from zod (`zodResponseFormat`), and
 * checked with the same zod schema on the way back, with Muse's own limits (a caption within
 * its platform's length). An answer that fails either is asked for once more; a second failure
 * fails the draft. The client itself does not retry: a server that takes longer than
 * TEXT_TIMEOUT_MS fails the draft once, cleanly, and it is refunded.
 */
import {
  INFLUENCER_NICHE_LABELS,
  DRAFT_TEXTS,
  EMOJI_HABIT_LABELS,
  EMOJI_HABITS,
  VOICE_PROFILE_LIMITS,
  WRITING_LANGUAGE_CODES,
  TOOL_TEXTS,
  WRITING_LANGUAGES,
  ZGeneratedPersona,
  ZVoiceProfile,
  type TCaptionTarget,
  type TVoiceProfile,
} from '@muse/shared';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIUserAbortError } from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type {
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { z } from 'zod';
import { CaptionTooLong, fitCaption, lengthOf } from './fit';
import { TextEngineFailure, type TTextCall, type TTextEngine, type TWriterPersona } from './types';

export type TOpenAiCompatibleOptions = {
  url: string;
  model: string;
  /** A local server needs none; the client still sends one, which such servers ignore. */
  apiKey?: string;
  timeoutMs: number;
  acceptsImages: boolean;
};

/** An answer that came back but is not what was asked for: asked once more. */
class Malformed extends Error {}

/** How the persona sounds, as every request's system message says it. */
function personaBrief(persona: TWriterPersona | null): string {
  if (!persona)
    return 'You write for a creator on Muse, a platform for AI influencers. Write plainly and well.';
  const niche = (INFLUENCER_NICHE_LABELS as Record<string, string>)[persona.niche] ?? persona.niche;
  const lines = [
    `You write as ${persona.name}, an AI influencer on Muse in the ${niche} niche. ${persona.name} is an AI-made persona: never claim to be a real person, never invent real-world events, prices or facts you were not given.`,
    persona.personality && `Personality: ${persona.personality}`,
    persona.targetAudience && `Audience: ${persona.targetAudience}`,
    persona.description && `About: ${persona.description}`,
  ];
  const profile = persona.profile;
  if (profile) {
    lines.push(
      `Voice: ${profile.tone}.`,
      profile.uses.length
        ? `Words and phrases ${persona.name} likes: ${profile.uses.join(', ')}.`
        : '',
      profile.avoids.length ? `Never use: ${profile.avoids.join(', ')}.` : '',
      `Emoji: ${EMOJI_HABIT_LABELS[profile.emoji].toLowerCase()}.`,
      `Write in ${WRITING_LANGUAGES[profile.language]}.`,
    );
  }
  return lines.filter(Boolean).join('\n');
}

function captionSchema(targets: TCaptionTarget[]) {
  return z.object({
    captions: z.array(
      z.object({
        target: z.enum(targets as [TCaptionTarget, ...TCaptionTarget[]]),
        caption: z.string(),
        hashtags: z.array(z.string()),
      }),
    ),
  });
}

export function createOpenAiCompatibleEngine(options: TOpenAiCompatibleOptions): TTextEngine {
  const client = new OpenAI({
    baseURL: options.url,
    apiKey: options.apiKey ?? 'none',
    timeout: options.timeoutMs,
    maxRetries: 0,
  });

  /**
   * One structured answer: the schema's JSON, checked by `check` (which throws Malformed), asked
   * for at most twice.
   */
  async function structured<S extends z.ZodType, R>(
    name: string,
    schema: S,
    messages: ChatCompletionMessageParam[],
    check: (answer: z.infer<S>) => R,
    call: TTextCall = {},
    temperature = 0.7,
  ): Promise<R> {
    for (let attempt = 1; ; attempt += 1) {
      let content: string | null | undefined;
      try {
        const completion = await client.chat.completions.create(
          {
            model: options.model,
            messages,
            temperature,
            response_format: zodResponseFormat(schema, name),
          },
          call.signal ? { signal: call.signal } : {},
        );
        content = completion.choices[0]?.message.content;
      } catch (error) {
        throw failure(error);
      }
      try {
        if (!content) throw new Malformed('no content');
        let json: unknown;
        try {
          json = JSON.parse(content);
        } catch {
          throw new Malformed('not JSON');
        }
        const parsed = schema.safeParse(json);
        if (!parsed.success) throw new Malformed('not the schema');
        return check(parsed.data);
      } catch (error) {
        if (!(error instanceof Malformed) && !(error instanceof CaptionTooLong)) throw error;
        if (attempt >= 2) throw new TextEngineFailure(DRAFT_TEXTS.malformed, error);
      }
    }
  }

  return {
    name: 'openai-compatible',
    preview: false,
    acceptsImages: options.acceptsImages,

    captions: ({ persona, media, slots, words }, call) => {
      const targets = slots.map((slot) => slot.target);
      const described = media.map((item, index) =>
        [
          `${index + 1}. A ${item.kind}${item.durationSeconds ? ` of ${Math.round(item.durationSeconds)} s` : ''}: ${item.description}`,
          item.prompt && `   Made from the prompt: ${item.prompt}`,
        ]
          .filter(Boolean)
          .join('\n'),
      );
      const asked = slots.map(
        (slot) =>
          `- ${slot.target}: at most ${slot.maxLength} characters with its hashtags; ${slot.hashtags ? `${slot.hashtags} hashtags, without the # sign` : 'no hashtags'}`,
      );
      const text = [
        `Write one caption for each place this post goes, in ${persona.name}'s voice.`,
        `The post shows:\n${described.join('\n')}`,
        words && `What ${persona.name} wants to say: ${words}`,
        `Captions:\n${asked.join('\n')}`,
        'Put the hashtags in the hashtags list only, never in the caption. Keep each caption natural for its platform: short and punchy for x, a hook first for tiktok and instagram.',
      ]
        .filter(Boolean)
        .join('\n\n');
      const images: ChatCompletionContentPart[] = options.acceptsImages
        ? media.flatMap((item) =>
            item.imageUrl
              ? [{ type: 'image_url' as const, image_url: { url: item.imageUrl } }]
              : [],
          )
        : [];
      return structured(
        'captions',
        captionSchema(targets),
        [
          { role: 'system', content: personaBrief(persona) },
          {
            role: 'user',
            content: images.length ? [{ type: 'text', text }, ...images] : text,
          },
        ],
        (answer) =>
          slots.map((slot) => {
            const written = answer.captions.find((caption) => caption.target === slot.target);
            if (!written) throw new Malformed(`no caption for ${slot.target}`);
            // Fitted here, so an answer that cannot fit is asked for again.
            fitCaption(written, slot.maxLength);
            return written;
          }),
        call,
      );
    },

    persona: ({ niche, name }, call) =>
      structured(
        'persona',
        ZGeneratedPersona,
        [
          {
            role: 'system',
            content:
              'You write the profile of an AI influencer persona made on Muse. It is an AI-made persona, not a real person. Write in English.',
          },
          {
            role: 'user',
            content: [
              `Niche: ${INFLUENCER_NICHE_LABELS[niche]}.`,
              name && `Name: ${name}.`,
              'Write its personality (one or two sentences, how it talks to followers), its target audience (one sentence: who follows it and why) and its description (two sentences: what it posts about). Each at most 400 characters. No hashtags, no emoji.',
            ]
              .filter(Boolean)
              .join('\n'),
          },
        ],
        (answer) => {
          for (const text of Object.values(answer))
            if (!text.trim() || lengthOf(text) > 1000) throw new Malformed('persona field length');
          return {
            personality: answer.personality.trim(),
            target_audience: answer.target_audience.trim(),
            description: answer.description.trim(),
          };
        },
        call,
      ),

    prompt: ({ tool, words, persona, maxLength }, call) =>
      structured(
        'prompt',
        z.object({ prompt: z.string() }),
        [
          {
            role: 'system',
            content:
              tool === 'generate-video'
                ? 'You turn a creator’s few words into a motion prompt for an image-to-video model (Kling): one paragraph in English that says how the person and the camera move, the pace and the mood. Do not describe the person’s looks: the picture already shows them.'
                : 'You turn a creator’s few words into a prompt for a text-to-image model (FLUX): one paragraph in English that says the subject, the setting, the framing, the light, the colours and the photographic style, most important first. Do not name or describe the person’s face: Muse adds the persona itself.',
          },
          {
            role: 'user',
            content: [
              persona && `The persona: ${persona.name}, ${persona.niche}. ${persona.description}`,
              `The creator's words: ${words}`,
              `At most ${maxLength} characters. Keep everything the creator asked for.`,
            ]
              .filter(Boolean)
              .join('\n'),
          },
        ],
        (answer) => {
          const prompt = answer.prompt.replace(/\s+/g, ' ').trim();
          if (!prompt || lengthOf(prompt) > maxLength) throw new Malformed('prompt length');
          return prompt;
        },
        call,
      ),

    voiceProfile: ({ persona }, call) =>
      structured(
        'voice_profile',
        // Plain fields asked for, Muse's limits checked after: servers differ on length keywords.
        z.object({
          tone: z.string(),
          uses: z.array(z.string()),
          avoids: z.array(z.string()),
          emoji: z.enum(EMOJI_HABITS),
          language: z.enum(WRITING_LANGUAGE_CODES),
        }),
        [
          { role: 'system', content: personaBrief({ ...persona, profile: null }) },
          {
            role: 'user',
            content: `Describe how ${persona.name} writes, from the bio above: the tone in a few words (at most 200 characters), up to 8 words or short phrases it likes to use, up to 6 it never uses, how often it writes emoji ('none', 'few' or 'many'), and the language it writes in as an ISO 639-1 code (one of ${Object.keys(WRITING_LANGUAGES).join(', ')}).`,
          },
        ],
        (answer): TVoiceProfile => {
          const limit = VOICE_PROFILE_LIMITS.words;
          const checked = ZVoiceProfile.safeParse({
            ...answer,
            tone: [...answer.tone.trim()].slice(0, VOICE_PROFILE_LIMITS.tone).join(''),
            uses: answer.uses.filter((word) => word.trim()).slice(0, limit),
            avoids: answer.avoids.filter((word) => word.trim()).slice(0, limit),
          });
          if (!checked.success) throw new Malformed('voice profile out of bounds');
          return checked.data;
        },
        call,
      ),
  };
}

/** A failed call, as the creator reads it. */
function failure(error: unknown): Error {
  if (error instanceof APIUserAbortError) return error;
  if (error instanceof APIConnectionTimeoutError)
    return new TextEngineFailure(DRAFT_TEXTS.timedOut, error);
  if (error instanceof APIConnectionError)
    return new TextEngineFailure(DRAFT_TEXTS.engineUnreachable, error);
  return new TextEngineFailure(TOOL_TEXTS.engineFailed, error);
}
