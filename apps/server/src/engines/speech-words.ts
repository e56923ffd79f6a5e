/**
 * When each word of a script is said, for speech that came without word times (a hosted voice
 * answers with the sound and its length only). The words are spread over the speech's length in
 * proportion to their letters, with a short pause after a sentence's end and a shorter one after
 * a comma, at the pace `speechSeconds` (packages/shared) assumes, then stretched or squeezed so
 * the last word ends when the speech does. Captions and anything else timed from the words read
 * these; they are an estimate, good to a fraction of a second on even speech.
 */
import { SPEECH_PACE } from '@muse/shared';
import type { TWordTiming } from './types';

const LETTERS_PER_SECOND = SPEECH_PACE.charactersPerSecond;
const SENTENCE_PAUSE = SPEECH_PACE.sentencePause;
const COMMA_PAUSE = SPEECH_PACE.commaPause;

/** What is said aloud: letters and digits (an apostrophe or hyphen inside a word is not). */
const SPOKEN = /[\p{L}\p{N}]/gu;

/** The pause a word's trailing punctuation asks for, in seconds at the even pace. */
function pauseAfter(token: string): number {
  if (/[.!?…]["'”’)\]]*$/u.test(token)) return SENTENCE_PAUSE;
  if (/[,;:—–-]["'”’)\]]*$/u.test(token)) return COMMA_PAUSE;
  return 0;
}

/**
 * The words of `script` (as written, punctuation kept, for captions) and when each is said, in
 * seconds from the start of speech `seconds` long. A token with nothing to say ('—', '&&') adds
 * a comma's pause instead of being a word. Times are rounded to milliseconds; [] for a script
 * with no words or a speech of no length.
 */
export function estimateWordTimings(script: string, seconds: number): TWordTiming[] {
  if (!(seconds > 0)) return [];
  const words: { text: string; letters: number; pause: number }[] = [];
  for (const token of script.split(/\s+/)) {
    if (!token) continue;
    const letters = token.match(SPOKEN)?.length ?? 0;
    const last = words.at(-1);
    if (letters) words.push({ text: token, letters, pause: pauseAfter(token) });
    else if (last) last.pause = Math.max(last.pause, COMMA_PAUSE);
  }
  if (!words.length) return [];
  // Nothing follows the last word, so its pause takes no time.
  words.at(-1)!.pause = 0;
  const natural = words.reduce(
    (sum, word) => sum + word.letters / LETTERS_PER_SECOND + word.pause,
    0,
  );
  const scale = seconds / natural;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const timings: TWordTiming[] = [];
  let at = 0;
  for (const word of words) {
    const end = at + (word.letters / LETTERS_PER_SECOND) * scale;
    timings.push({ text: word.text, start: round(at), end: round(end) });
    at = end + word.pause * scale;
  }
  // Rounding must not leave the last word a millisecond short of the speech or past it.
  timings.at(-1)!.end = round(seconds);
  return timings;
}
