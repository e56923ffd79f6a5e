import { STOCK_VOICE_KEYS, TALKING_SCRIPT_MAX_CHARS } from '@muse/shared';
import { describe, expect, it } from 'vitest';
import { decodeAudio } from './audio';
import { speakableText, synthesizeSpeech } from './flite';
import { timeWords } from './word-timing';

const SENTENCE = 'Hello there, my name is Aria, and this is how I sound today.';

/** The median pitch of the voiced parts of 16 kHz samples, in Hz (autocorrelation, 40 ms). */
function medianPitch(samples: Float32Array, rate: number): number {
  const window = Math.round(0.04 * rate);
  const pitches: number[] = [];
  for (let at = 0; at + window < samples.length; at += window / 2) {
    let energy = 0;
    for (let i = 0; i < window; i += 1) energy += samples[at + i]! ** 2;
    if (Math.sqrt(energy / window) < 0.05) continue;
    let [best, lag] = [0, 0];
    for (let l = Math.round(rate / 400); l <= Math.round(rate / 60); l += 1) {
      let sum = 0;
      for (let i = 0; i < window - l; i += 1) sum += samples[at + i]! * samples[at + i + l]!;
      if (sum / (window - l) > best) [best, lag] = [sum / (window - l), l];
    }
    if (lag) pitches.push(rate / lag);
  }
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] ?? 0;
}

describe('offline speech', () => {
  it('says a sentence as a WAV of a plausible length, its phones and words in order', async () => {
    const speech = await synthesizeSpeech(SENTENCE, 'aria');
    expect(speech.wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(speech.sampleRate).toBe(16_000);
    // Twelve words at a speaking pace.
    expect(speech.durationSeconds).toBeGreaterThan(1);
    expect(speech.durationSeconds).toBeLessThan(10);
    // It is sound, not silence.
    const { samples } = await decodeAudio(speech.wav, 16_000);
    expect(samples.length / 16_000).toBeCloseTo(speech.durationSeconds, 1);
    const rms = Math.sqrt(samples.reduce((sum, value) => sum + value * value, 0) / samples.length);
    expect(rms).toBeGreaterThan(0.02);

    const ends = speech.phones.map((phone) => phone.end);
    expect(speech.phones.length).toBeGreaterThan(30);
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    expect(Math.max(...ends)).toBeLessThanOrEqual(speech.durationSeconds);
    expect(speech.phones.filter((phone) => phone.phone === 'pau').length).toBeGreaterThanOrEqual(3);

    expect(speech.words.map((word) => word.text)).toEqual(SENTENCE.split(' '));
    let previous = 0;
    for (const word of speech.words) {
      expect(word.start).toBeGreaterThanOrEqual(previous);
      expect(word.end).toBeGreaterThan(word.start);
      expect(word.end).toBeLessThanOrEqual(speech.durationSeconds);
      previous = word.end;
    }
    // The first word comes after the opening pause, and the comma's pause falls between words.
    expect(speech.words[0]!.start).toBeGreaterThan(0.05);
    const there = speech.words[1]!;
    const my = speech.words[2]!;
    expect(my.start - there.end).toBeGreaterThan(0.03);
  });

  it('speaks every stock voice, each its own way', async () => {
    const pitches: Record<string, number> = {};
    const lengths: Record<string, number> = {};
    for (const voice of STOCK_VOICE_KEYS) {
      const speech = await synthesizeSpeech('This is how I sound in my videos.', voice);
      expect(speech.durationSeconds).toBeGreaterThan(0.8);
      expect(speech.words).toHaveLength(8);
      pitches[voice] = medianPitch((await decodeAudio(speech.wav, 16_000)).samples, 16_000);
      lengths[voice] = speech.durationSeconds;
    }
    // The female voices are higher than the male ones; Lumi is brighter and quicker than Aria.
    for (const female of ['aria', 'lumi'])
      for (const male of ['cole', 'reed', 'finn'])
        expect(pitches[female]).toBeGreaterThan(pitches[male]!);
    expect(pitches.lumi).toBeGreaterThan(pitches.aria! * 1.1);
    expect(lengths.lumi).toBeLessThan(lengths.aria!);
    // Reed is the deepest.
    expect(pitches.reed).toBeLessThan(Math.min(pitches.cole!, pitches.finn!));
  });

  it('stops when aborted, before or during the synthesis', async () => {
    const before = new AbortController();
    before.abort(new Error('cancelled first'));
    await expect(synthesizeSpeech(SENTENCE, 'aria', before.signal)).rejects.toThrow(
      'cancelled first',
    );

    const during = new AbortController();
    const long = Array.from({ length: 20 }, () => SENTENCE).join(' ');
    const speaking = synthesizeSpeech(long, 'cole', during.signal);
    setTimeout(() => during.abort(new Error('cancelled')), 30);
    await expect(speaking).rejects.toThrow('cancelled');
    // The next one still works.
    expect((await synthesizeSpeech('Still here.', 'cole')).durationSeconds).toBeGreaterThan(0.3);
  });

  it("takes the creator's text as it is, without control characters, up to the limit", async () => {
    expect(speakableText(' Hi\u0000 there\u0007,\r\n\u200bfriend ')).toBe('Hi there, friend');
    expect(speakableText('a '.repeat(2000)).length).toBeLessThanOrEqual(TALKING_SCRIPT_MAX_CHARS);
    await expect(synthesizeSpeech('\u0000\u0001 \n', 'aria')).rejects.toThrow('nothing to say');
    // Text that looks like options or shell is only said.
    const odd = await synthesizeSpeech('-voice awb $(rm -rf /) `ls` ; echo "hi"', 'aria');
    expect(odd.durationSeconds).toBeGreaterThan(1);
    expect(odd.words.map((word) => word.text)).toContain('$(rm');
  });
});

describe('word timing', () => {
  it('shares the words among the spoken phrases at the punctuation, by their letters', () => {
    const phones = [
      { phone: 'pau', end: 0.2 },
      ...['hh', 'eh', 'l', 'ow'].map((phone, i) => ({ phone, end: 0.3 + 0.1 * i })),
      { phone: 'pau', end: 0.9 },
      ...['m', 'ay', 'n', 'ey', 'm', 'ih', 'z', 'aa', 'r', 'iy', 'ax'].map((phone, i) => ({
        phone,
        end: 1 + 0.1 * i,
      })),
      { phone: 'pau', end: 2.3 },
    ];
    const words = timeWords('Hello, my name is Aria.', phones);
    expect(words.map((word) => word.text)).toEqual(['Hello,', 'my', 'name', 'is', 'Aria.']);
    expect(words[0]).toEqual({ text: 'Hello,', start: 0.2, end: 0.6 });
    expect(words[1]!.start).toBe(0.9);
    expect(words.at(-1)!.end).toBe(2);
    // Longer words take longer.
    expect(words[2]!.end - words[2]!.start).toBeGreaterThan(words[3]!.end - words[3]!.start);
  });

  it('copes with a pause where the script has no punctuation, and none where it has', () => {
    const phones = [
      { phone: 'pau', end: 0.1 },
      ...Array.from({ length: 12 }, (_, i) => ({ phone: 'ah', end: 0.2 + 0.1 * i })),
      { phone: 'pau', end: 1.5 },
      ...Array.from({ length: 12 }, (_, i) => ({ phone: 'ah', end: 1.6 + 0.1 * i })),
    ];
    const words = timeWords('one two three, four five six seven eight', phones);
    expect(words).toHaveLength(8);
    // Nothing is said in the pause.
    for (const word of words) expect(word.end <= 1.3 || word.start >= 1.5).toBe(true);
    expect(timeWords('', phones)).toEqual([]);
  });
});
