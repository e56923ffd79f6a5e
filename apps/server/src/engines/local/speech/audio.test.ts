import { describe, expect, it } from 'vitest';
import { decodeAudio, loudnessEnvelope } from './audio';
import { encodeWav, readWavInfo } from './wav';

describe('audio for the talking video', () => {
  it('decodes any rate and channels to mono at the asked rate', async () => {
    // One second of stereo at 44.1 kHz: a tone on the left, silence on the right.
    const stereo = new Float32Array(2 * 44_100);
    for (let i = 0; i < 44_100; i += 1)
      stereo[2 * i] = 0.5 * Math.sin((2 * Math.PI * 440 * i) / 44_100);
    const wav = encodeWav(stereo, 44_100, 2);
    expect(readWavInfo(wav)).toEqual({ sampleRate: 44_100, channels: 2, samples: 44_100 });
    const pcm = await decodeAudio(wav, 16_000);
    expect(pcm.sampleRate).toBe(16_000);
    expect(pcm.samples.length).toBeGreaterThan(15_900);
    expect(pcm.samples.length).toBeLessThan(16_100);
    const peak = pcm.samples.reduce((most, value) => Math.max(most, Math.abs(value)), 0);
    // Mixed down: the tone at about half its level.
    expect(peak).toBeGreaterThan(0.2);
    expect(peak).toBeLessThan(0.55);
  });

  it('is loud per frame where the sound is, and 0 in silence', () => {
    const rate = 16_000;
    const samples = new Float32Array(3 * rate);
    for (let i = 0; i < samples.length; i += 1) {
      const second = Math.floor(i / rate);
      // A loud second, a silent one, a quieter one.
      const level = second === 0 ? 0.5 : second === 1 ? 0 : 0.1;
      samples[i] = level * Math.sin((2 * Math.PI * 220 * i) / rate);
    }
    const envelope = loudnessEnvelope({ samples, sampleRate: rate }, 24, 72);
    expect(envelope).toHaveLength(72);
    expect(Math.min(...envelope.slice(0, 24))).toBeGreaterThan(0.9);
    expect(Math.max(...envelope.slice(24, 48))).toBe(0);
    const quiet = envelope.slice(48);
    expect(Math.min(...quiet)).toBeGreaterThan(0.05);
    expect(Math.max(...quiet)).toBeLessThan(0.5);
  });
});
