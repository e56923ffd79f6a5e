import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TWordTiming } from '../../types';
import { decodeAudio } from '../speech/audio';
import { burnCaptions, captionPhrases } from './captions';
import { probeVideo, runBinary, withTempDir } from './ffmpeg';

/** Words said one after another, `seconds` each, from `start`. */
function said(text: string, start = 0.2, seconds = 0.3): TWordTiming[] {
  return text.split(' ').map((word, i) => ({
    text: word,
    start: start + i * seconds,
    end: start + (i + 1) * seconds,
  }));
}

describe('captions', () => {
  it('shows two to five words at a time, breaking at punctuation and pauses', () => {
    const phrases = captionPhrases(said('Hi, I am Aria. This is how I sound in all of my videos!'));
    expect(phrases.map((phrase) => phrase.words.map((word) => word.text).join(' '))).toEqual([
      'Hi, I am Aria.',
      'This is how I sound',
      'in all of my videos!',
    ]);
    for (const phrase of phrases) {
      expect(phrase.words.length).toBeGreaterThanOrEqual(2);
      expect(phrase.words.length).toBeLessThanOrEqual(5);
    }
    // Each shows from its first word until the next begins.
    expect(phrases[1]!.start).toBeLessThanOrEqual(phrases[1]!.words[0]!.start);
    expect(phrases[0]!.end).toBeCloseTo(phrases[1]!.words[0]!.start, 5);
    // A long pause ends a phrase, and the phrase goes soon after its last word.
    const paused = captionPhrases([...said('one two three'), ...said('four five', 3)]);
    expect(paused).toHaveLength(2);
    expect(paused[0]!.end).toBeLessThan(1.6);
  });

  it(
    "burns them into an existing video's lower third, keeping its frames and sound",
    { timeout: 60_000 },
    async () => {
      const clip = await withTempDir(async (dir) => {
        const file = path.join(dir, 'clip.mp4');
        await runBinary('ffmpeg', [
          ...['-v', 'error', '-f', 'lavfi', '-i', 'color=c=0x405060:s=480x270:r=25:d=2'],
          ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
          ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
        ]);
        return readFile(file);
      });
      const video = {
        data: clip,
        width: 480,
        height: 270,
        contentType: 'video/mp4' as const,
        durationSeconds: 2,
        fps: 25,
        hasAudio: true,
      };
      const captioned = await burnCaptions(video, said('Hello there, nice to meet you.'));
      expect(captioned).toMatchObject({ width: 480, height: 270, fps: 25, hasAudio: true });
      const [before, after] = [await probeVideo(clip), await probeVideo(captioned.data)];
      expect(after!.frames).toBe(before!.frames);
      expect(after!.audioCodecs).toEqual(['aac']);
      const [toneBefore, toneAfter] = [
        await decodeAudio(clip, 16_000),
        await decodeAudio(captioned.data, 16_000),
      ];
      expect(toneAfter.samples.length).toBe(toneBefore.samples.length);

      // Frame 10 (0.4 s: 'Hello' is being said): the words in the lower third, nothing above.
      const frame = await withTempDir(async (dir) => {
        const file = path.join(dir, 'captioned.mp4');
        await writeFile(file, captioned.data);
        return runBinary('ffmpeg', [
          ...['-v', 'error', '-i', file, '-vf', 'select=eq(n\\,10)', '-frames:v', '1'],
          ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
        ]);
      });
      let [above, within] = [0, 0];
      for (let y = 0; y < 270; y += 1)
        for (let x = 0; x < 480; x += 1) {
          const p = (y * 480 + x) * 3;
          const plain =
            Math.abs(frame[p]! - 0x40) +
            Math.abs(frame[p + 1]! - 0x50) +
            Math.abs(frame[p + 2]! - 0x60);
          if (plain > 60) {
            if (y < 180) above += 1;
            else within += 1;
          }
        }
      expect(above).toBe(0);
      expect(within).toBeGreaterThan(1000);
      // Unchanged without words.
      expect(await burnCaptions(video, [])).toBe(video);
    },
  );
});
