/**
 * Muse's offline text engine (`ENGINE_TEXT=local`, the default): drafts from curated material
 * and templates, free, labelled 'Offline preview', and honest about it: the page says a text
 * engine would write it in the persona's voice (docs/product/drafts.md). It reads the same
 * inputs as a language model would (the persona's voice profile, Muse's description of the
 * picture, the creator's words) and keeps to the same limits.
 */
import { INFLUENCER_NICHES, type TInfluencerNiche, type TVoiceProfile } from '@muse/shared';
import { createLocalPersonaWriter } from '../../modules/influencers/persona-writer';
import { CAPTION_MATERIAL, type TCaptionMaterial } from './local-material';
import { lengthOf } from './fit';
import type { TCaptionMedia, TTextEngine, TWriterPersona } from './types';

function nicheOf(persona: TWriterPersona | null): TInfluencerNiche {
  const niche = persona?.niche as TInfluencerNiche | undefined;
  return niche && INFLUENCER_NICHES.includes(niche) ? niche : 'lifestyle';
}

/** A stable pick: the same inputs give the same draft, different targets different lines. */
function pick<T>(items: readonly T[], seed: string): T {
  let hash = 2166136261;
  for (const char of seed) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return items[Math.abs(hash) % items.length]!;
}

/** The profile a draft follows: the persona's own, or its niche's until it has one. */
function profileOf(persona: TWriterPersona | null): TVoiceProfile {
  if (persona?.profile) return persona.profile;
  const material = CAPTION_MATERIAL[nicheOf(persona)];
  return {
    tone: material.tone,
    uses: material.phrases,
    avoids: material.avoids,
    emoji: material.emoji,
    language: 'en',
  };
}

/** The first clause of a text, lower-cased at its start, without its closing stop. */
function clause(text: string, max = 90): string {
  const first = text.split(/[.;\n]|, (?=[a-z]+ (lighting|light|tones|palette))/)[0] ?? '';
  const trimmed = first
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[,.!?]+$/, '');
  const short =
    lengthOf(trimmed) > max
      ? [...trimmed]
          .slice(0, max)
          .join('')
          .replace(/\s+\S*$/, '')
      : trimmed;
  return short.charAt(0).toLowerCase() + short.slice(1);
}

/** What the post is about: the creator's words, else what the picture was made from or shows. */
function topicOf(words: string, media: TCaptionMedia[]): string {
  if (words.trim()) return clause(words, 120);
  const first = media[0];
  if (!first) return 'something new';
  return clause(first.prompt || first.description) || 'something new';
}

function captionFor(
  material: TCaptionMaterial,
  profile: TVoiceProfile,
  topic: string,
  seed: string,
  maxLength: number,
): string {
  const opener = pick(material.openers, seed).replace('{topic}', topic);
  const closer = pick(material.closers, `${seed}:close`);
  const phrase = profile.uses[0];
  const mark = profile.emoji === 'none' ? '' : pick(material.marks, `${seed}:mark`);
  const marks = profile.emoji === 'many' ? `${mark}${pick(material.marks, `${seed}:more`)}` : mark;
  const lines = [
    opener,
    phrase ? `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}.` : '',
    closer,
  ];
  const full = `${lines.filter(Boolean).join(' ')}${marks ? ` ${marks}` : ''}`;
  if (lengthOf(full) <= maxLength) return full;
  // A short target (X) keeps the opener and the question.
  const short = `${opener} ${closer}`;
  return lengthOf(short) <= maxLength ? short : [...opener].slice(0, maxLength).join('');
}

const IMAGE_TAGS = ['natural light', 'sharp focus', 'high detail', 'photorealistic'];
const VIDEO_TAGS = ['smooth camera movement', 'natural motion', 'steady framing', 'cinematic'];

export function createLocalTextEngine(): TTextEngine {
  const writer = createLocalPersonaWriter();
  return {
    name: 'local',
    preview: true,
    acceptsImages: false,
    async captions({ persona, media, slots, words }) {
      const material = CAPTION_MATERIAL[nicheOf(persona)];
      const profile = profileOf(persona);
      const topic = topicOf(words, media);
      const avoided = new Set(profile.avoids.map((word) => word.toLowerCase()));
      const hashtags = [...material.hashtags, ...profile.uses]
        .map((tag) => tag.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase())
        .filter((tag) => tag && !avoided.has(tag));
      return slots.map((slot) => ({
        target: slot.target,
        caption: captionFor(material, profile, topic, `${topic}:${slot.target}`, slot.maxLength),
        hashtags: hashtags.slice(0, slot.hashtags),
      }));
    },
    persona: ({ niche }) => writer.write(niche),
    async prompt({ tool, words, maxLength }) {
      const base = words
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/[\s,.;:]+$/, '');
      const said = base.toLowerCase();
      const tags = (tool === 'generate-video' ? VIDEO_TAGS : IMAGE_TAGS).filter(
        (tag) => !said.includes(tag.split(' ')[0]!),
      );
      let prompt = base;
      for (const tag of tags) {
        const next = `${prompt}, ${tag}`;
        if (lengthOf(next) > maxLength) break;
        prompt = next;
      }
      return prompt;
    },
    async voiceProfile({ persona }) {
      const material = CAPTION_MATERIAL[nicheOf(persona)];
      // The personality's first words lead the tone, the niche's manner follows.
      const traits = persona.personality.split(/[:.]/)[0]?.trim().toLowerCase() ?? '';
      // The niche's tone is 'manner, what it does': its manner gives way to the persona's own.
      const doing = material.tone.split(', ').slice(1).join(', ');
      const tone = traits ? [traits, doing].filter(Boolean).join('; ') : material.tone;
      return {
        tone: [...tone].slice(0, 200).join(''),
        uses: material.phrases,
        avoids: material.avoids,
        emoji: material.emoji,
        language: 'en',
      };
    },
  };
}
