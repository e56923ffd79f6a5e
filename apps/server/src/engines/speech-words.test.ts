import { describe, expect, it } from 'vitest';
import { estimateWordTimings } from './speech-words';

describe('estimateWordTimings', () => {
  it('spreads the words over the whole speech, in order, without overlaps', () => {
    const words = estimateWordTimings('Hi there, welcome to my channel. Stay a while!', 4);
    expect(words.map((word) => word.text)).toEqual([
      'Hi',
      'there,',
      'welcome',
      'to',
      'my',
      'channel.',
      'Stay',
      'a',
      'while!',
    ]);
    expect(words[0]!.start).toBe(0);
    expect(words.at(-1)!.end).toBe(4);
    for (const [index, word] of words.entries()) {
      expect(word.end).toBeGreaterThan(word.start);
      if (index) expect(word.start).toBeGreaterThanOrEqual(words[index - 1]!.end);
    }
  });

  it('gives a word time in proportion to its letters', () => {
    const [short, long] = estimateWordTimings('go everywhere', 2);
    const length = (word: { start: number; end: number }) => word.end - word.start;
    expect(length(long!) / length(short!)).toBeCloseTo(10 / 2, 1);
  });

  it('pauses after a sentence longer than after a comma, and not between plain words', () => {
    const words = estimateWordTimings('one two, three four. five', 3);
    const gap = (index: number) => words[index + 1]!.start - words[index]!.end;
    expect(gap(0)).toBeCloseTo(0, 3);
    expect(gap(1)).toBeGreaterThan(0.05);
    expect(gap(3)).toBeGreaterThan(gap(1) * 2);
  });

  it('stretches to a slow speech and squeezes into a fast one', () => {
    const script = 'The same words, said slowly and then quickly.';
    const slow = estimateWordTimings(script, 8);
    const fast = estimateWordTimings(script, 2);
    expect(slow.at(-1)!.end).toBe(8);
    expect(fast.at(-1)!.end).toBe(2);
    expect(slow[1]!.start / fast[1]!.start).toBeCloseTo(4, 1);
  });

  it('makes a lone dash a pause, not a word, and keeps apostrophes in their word', () => {
    const words = estimateWordTimings("I'm here — really", 2);
    expect(words.map((word) => word.text)).toEqual(["I'm", 'here', 'really']);
    expect(words[2]!.start - words[1]!.end).toBeGreaterThan(0.05);
  });

  it('has no words for an empty script or a speech of no length', () => {
    expect(estimateWordTimings('  \n ', 3)).toEqual([]);
    expect(estimateWordTimings('— …', 3)).toEqual([]);
    expect(estimateWordTimings('hello', 0)).toEqual([]);
  });
});
