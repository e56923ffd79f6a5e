/**
 * What Muse does with a caption any engine wrote before the composer shows it: hashtags made
 * plain words (no '#', no spaces or punctuation, no repeats), at most as many as the target
 * asks for, and the whole within the target's length, hashtags dropped from the end first.
 * A caption whose words alone do not fit is not cut mid-sentence: it is refused, and the
 * engine asked again (openai-compatible.ts).
 */
import { CAPTION_DRAFT_RULES, type TCaptionDraft, type TCaptionTarget } from '@muse/shared';
import type { TWrittenCaption } from './types';

/** Characters as the platforms count them: code points, so an emoji is one. */
export const lengthOf = (text: string) => [...text].length;

/** A hashtag as its bare word: 'Gym Day!' and '#gymday' are both 'gymday'. */
export function hashtagWord(tag: string): string {
  return tag
    .normalize('NFC')
    .replace(/^#+/, '')
    .replace(/[^\p{L}\p{N}_]/gu, '')
    .toLowerCase();
}

/** The caption's words with its hashtags after them, as the post carries them. */
export function joinCaption(caption: string, hashtags: readonly string[]): string {
  const tags = hashtags.map((tag) => `#${tag}`).join(' ');
  return [caption.trim(), tags].filter(Boolean).join('\n\n');
}

export class CaptionTooLong extends Error {
  constructor(readonly target: TCaptionTarget) {
    super(`The caption for ${target} is longer than it takes`);
  }
}

/** One written caption fitted to its target's rules, or CaptionTooLong. */
export function fitCaption(written: TWrittenCaption, maxLength?: number): TCaptionDraft {
  const rules = CAPTION_DRAFT_RULES[written.target];
  const limit = Math.min(maxLength ?? rules.maxLength, rules.maxLength);
  const caption = written.caption.replace(/[ \t]+\n/g, '\n').trim();
  const seen = new Set<string>();
  const hashtags: string[] = [];
  for (const tag of written.hashtags) {
    const word = hashtagWord(tag);
    if (!word || seen.has(word) || hashtags.length >= rules.hashtags) continue;
    seen.add(word);
    hashtags.push(word);
  }
  if (lengthOf(caption) > limit) throw new CaptionTooLong(written.target);
  while (hashtags.length && lengthOf(joinCaption(caption, hashtags)) > limit) hashtags.pop();
  return { target: written.target, caption, hashtags, text: joinCaption(caption, hashtags) };
}

/** Takes a persona's trigger word out of a text (Muse adds it itself where it is needed). */
export function withoutTriggerWord(text: string, triggerWord: string | null): string {
  if (!triggerWord) return text;
  const escaped = triggerWord.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text
    .replace(new RegExp(`\\b${escaped}\\b`, 'gi'), '')
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([,.;:])/g, '$1')
    .replace(/^[\s,;:]+/, '')
    .trim();
}
