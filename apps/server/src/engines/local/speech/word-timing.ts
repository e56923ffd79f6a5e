/**
 * When each word of a script is said, from the phones the offline synthesizer reports (each
 * with its end time) and the script itself. The synthesizer does not say which phones belong to
 * which word, so the timing is rough but honest: its pauses cut the speech into spoken phrases,
 * the script's punctuation cuts it into written ones, the words are shared out among the spoken
 * phrases so that the breaks fall on punctuation and each phrase gets about as many letters as it
 * has phones, and each phrase's words are spread over its span in proportion to their letters.
 */
import type { TWordTiming } from '../../types';

/** A phone and when it ends, in seconds from the start; 'pau' is a pause. */
export type TPhone = { phone: string; end: number };

/** A stretch of speech between two pauses. */
type TSpokenPhrase = { start: number; end: number; phones: number };

/** A word of the script as written, how long it is to say, and whether punctuation follows. */
type TScriptWord = { text: string; letters: number; breakAfter: boolean };

/** Punctuation after which a speaker pauses (a comma, a sentence's end, a dash, a colon). */
const BREAK = /[,;:.!?…—–]["'”’)\]]*$/u;
const SPOKEN = /[\p{L}\p{N}]/u;

/** The script's words in order; a token of punctuation alone only marks a break. */
export function scriptWords(script: string): TScriptWord[] {
  const words: TScriptWord[] = [];
  for (const token of script.split(/\s+/u).filter(Boolean)) {
    if (!SPOKEN.test(token)) {
      if (words.length && /[,;:.!?…—–-]/u.test(token)) words.at(-1)!.breakAfter = true;
      continue;
    }
    // A digit is said as a word of several letters ('5' is 'five').
    const letters =
      (token.match(/\p{L}/gu) ?? []).length + 3 * (token.match(/\p{N}/gu) ?? []).length;
    words.push({ text: token, letters: Math.max(1, letters), breakAfter: BREAK.test(token) });
  }
  return words;
}

/** The stretches of speech between the pauses. */
function spokenPhrases(phones: TPhone[]): TSpokenPhrase[] {
  const phrases: TSpokenPhrase[] = [];
  let start = 0;
  let current: TSpokenPhrase | null = null;
  for (const { phone, end } of phones) {
    if (phone === 'pau') {
      if (current) phrases.push(current);
      current = null;
    } else if (current) {
      current.end = end;
      current.phones += 1;
    } else current = { start, end, phones: 1 };
    start = end;
  }
  if (current) phrases.push(current);
  return phrases;
}

/** How much a share of letters unlike the phrase's share of phones costs (per whole). */
const SHARE_COST = 4;
/** A spoken phrase ending where the script has no punctuation. */
const UNMARKED_BREAK_COST = 0.5;
/** Punctuation inside one spoken phrase (a comma said without a pause). */
const UNPAUSED_MARK_COST = 0.3;
/** A spoken phrase given no word at all. */
const EMPTY_PHRASE_COST = 2;

/**
 * Which words each spoken phrase says: the cheapest split of the words into as many runs (in
 * order, one per phrase) as there are phrases, by the costs above. Returns the first word of
 * each phrase, and the word count at the end.
 */
function sharePhrases(words: TScriptWord[], phrases: TSpokenPhrase[]): number[] {
  const count = words.length;
  const letters = [0];
  const marks = [0];
  for (const word of words) {
    letters.push(letters.at(-1)! + word.letters);
    marks.push(marks.at(-1)! + (word.breakAfter ? 1 : 0));
  }
  const totalPhones = phrases.reduce((sum, phrase) => sum + phrase.phones, 0);
  // cost[j][i]: the cheapest way for phrases 0..j-1 to say words 0..i-1; from[j][i] its split.
  const cost = phrases.map(() => new Float64Array(count + 1).fill(Infinity));
  const from = phrases.map(() => new Int32Array(count + 1));
  cost.unshift(new Float64Array(count + 1).fill(Infinity));
  from.unshift(new Int32Array(count + 1));
  cost[0]![0] = 0;
  for (let j = 1; j <= phrases.length; j += 1) {
    const share = phrases[j - 1]!.phones / totalPhones;
    const last = j === phrases.length;
    for (let i = last ? count : 0; i <= count; i += 1)
      for (let k = 0; k <= i; k += 1) {
        const before = cost[j - 1]![k]!;
        if (before === Infinity) continue;
        let step = SHARE_COST * Math.abs((letters[i]! - letters[k]!) / letters[count]! - share);
        if (k === i) step += EMPTY_PHRASE_COST;
        else {
          // Marks inside the run (not after its last word), and its end unmarked.
          step += UNPAUSED_MARK_COST * (marks[i - 1]! - marks[k]!);
          if (!last && !words[i - 1]!.breakAfter) step += UNMARKED_BREAK_COST;
        }
        if (before + step < cost[j]![i]!) {
          cost[j]![i] = before + step;
          from[j]![i] = k;
        }
      }
  }
  const starts = [count];
  for (let j = phrases.length, i = count; j > 0; j -= 1) {
    i = from[j]![i]!;
    starts.unshift(i);
  }
  return starts;
}

/** The script's words with when each is said, in order, within the phones' span. */
export function timeWords(script: string, phones: TPhone[]): TWordTiming[] {
  const words = scriptWords(script);
  if (!words.length) return [];
  const end = phones.at(-1)?.end ?? 0;
  const found = spokenPhrases(phones);
  const phrases = found.length ? found : [{ start: 0, end, phones: 1 }];
  const starts = sharePhrases(words, phrases);
  const timed: TWordTiming[] = [];
  const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
  phrases.forEach((phrase, j) => {
    const run = words.slice(starts[j], starts[j + 1]);
    const letters = run.reduce((sum, word) => sum + word.letters, 0);
    let at = 0;
    for (const word of run) {
      const wordStart = phrase.start + ((phrase.end - phrase.start) * at) / letters;
      at += word.letters;
      const wordEnd = phrase.start + ((phrase.end - phrase.start) * at) / letters;
      timed.push({ text: word.text, start: round(wordStart), end: round(wordEnd) });
    }
  });
  return timed;
}
