/**
 * Muse makes no picture or video of a person under 18 (docs/product/trust-and-safety.md). A
 * prompt that asks for one is refused before anything is spent: these are the words and phrases
 * that ask for a minor, matched as whole words whatever the case, and an age under 18 written
 * as '16 years old', '16-year-old', '16yo' or 'aged 16'. The list errs towards refusing: a
 * creator whose adult persona trips it rewords the prompt. Words for grown people that are often
 * said of adults ('girl', 'boy', 'young', 'baby' as a pet name) are not on it.
 */

/** The refusal, word for word. */
export const MINORS_TEXT = 'Muse does not make pictures or videos of people under 18.';

/** The refusal of a persona photo whose face is estimated under the age below. */
export const PERSONA_MINORS_TEXT = 'Muse does not make personas of people under 18.';

/** What a job says of an output withheld because its person is estimated under the age below. */
export const MINOR_OUTPUT_TEXTS = {
  image: `This image was withheld: ${MINORS_TEXT} Nothing is charged for it.`,
  video: `This video was withheld: ${MINORS_TEXT} Nothing is charged for it.`,
} as const;

/**
 * A face the age model estimates younger than this is taken for a person under 18: 18 and a
 * margin of 3 years for the model's error (docs/decisions/0054-age-estimates.md).
 */
export const MINIMUM_ESTIMATED_AGE = 21;

/** Whether an age estimate (null: no face, or none made) is too young for Muse. */
export const estimatedMinor = (age: number | null | undefined): boolean =>
  typeof age === 'number' && age < MINIMUM_ESTIMATED_AGE;

/** Single words and phrases that ask for a minor (lower case; matched as whole words). */
export const MINOR_TERMS = [
  'child',
  'children',
  'kid',
  'kids',
  'minor',
  'minors',
  'underage',
  'under-age',
  'under age',
  'preteen',
  'pre-teen',
  'teen',
  'teens',
  'teenager',
  'teenagers',
  'teenage',
  'tween',
  'tweens',
  'toddler',
  'toddlers',
  'infant',
  'infants',
  'newborn',
  'schoolgirl',
  'schoolgirls',
  'schoolboy',
  'schoolboys',
  'little girl',
  'little boy',
  'young girl',
  'young boy',
  'loli',
  'lolita',
  'shota',
  'jailbait',
  'middle school',
  'elementary school',
  'primary school',
  'high schooler',
  'junior high',
  'kindergarten',
] as const;

const escape = (term: string) =>
  term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[\s-]+/g, '[\\s-]+');

/** Any of the terms as whole words ('kid' in 'a kid', not in 'kidding'). */
const TERMS = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${MINOR_TERMS.map(escape).join('|')})(?![\\p{L}\\p{N}])`,
  'iu',
);

/** An age written out: '16 years old', '16-year-old', '16 y/o', '16yo', 'aged 16', 'age 16'. */
const AGES = [
  /(?<![\p{N}.])(\d{1,2})\s*(?:-|\s)?\s*(?:years?|yrs?)(?:[\s-]*old)\b/giu,
  /(?<![\p{N}.])(\d{1,2})\s*(?:y\/o|y\.o\.|yo)(?![\p{L}\p{N}])/giu,
  /\bage(?:d)?\s+(\d{1,2})(?![\p{N}])/giu,
];

/** Whether the text asks for a person under 18. */
export function asksForMinor(text: string): boolean {
  if (TERMS.test(text)) return true;
  for (const pattern of AGES) {
    pattern.lastIndex = 0;
    for (const match of text.matchAll(pattern)) if (Number(match[1]) < 18) return true;
  }
  return false;
}
