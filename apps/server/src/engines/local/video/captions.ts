/**
 * Captions burned into a talking video: the phrase being said (two to five words) in the lower
 * third, white bold type with a dark outline and a soft shadow, the word being said in yellow.
 *
 * The type never depends on the machine's fonts (a bare server has none): Inter Bold ships in
 * the npm package `@fontsource/inter` (SIL Open Font License) as WOFF, `opentype.js` reads its
 * glyphs' outlines, and the outlines are drawn as SVG paths that sharp renders. Each phrase with
 * each highlighted word is rendered once and laid over every frame that shows it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type { TEncodedVideo, TWordTiming } from '../../types';
import { probeFile, UnreadableVideoError, withTempDir } from './ffmpeg';
import { decodeFrames, encodeFrames, H264_MP4_OUTPUT, rawFramesInput } from './frame-pipe';

const require = createRequire(import.meta.url);

/** The little of opentype.js used here (it ships no types). */
type TGlyph = {
  index: number;
  advanceWidth?: number;
  getPath: (x: number, y: number, fontSize: number) => { toPathData: (decimals: number) => string };
};
type TFont = { unitsPerEm: number; charToGlyph: (char: string) => TGlyph };
type TOpentype = { parse: (buffer: ArrayBuffer) => TFont };

/** Inter Bold's files, by script: a character is drawn from the first that has it. */
const FONT_FILES = ['latin', 'latin-ext', 'cyrillic', 'greek', 'vietnamese'].map(
  (subset) => `@fontsource/inter/files/inter-${subset}-700-normal.woff`,
);

let fonts: Promise<TFont[]> | undefined;

function loadFonts(): Promise<TFont[]> {
  fonts ??= (async () => {
    const opentype = require('opentype.js') as TOpentype;
    const loaded: TFont[] = [];
    for (const file of FONT_FILES) {
      const bytes = await readFile(require.resolve(file));
      loaded.push(
        opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)),
      );
    }
    return loaded;
  })().catch((error: unknown) => {
    fonts = undefined;
    throw error;
  });
  return fonts;
}

/** A phrase on screen: its words, and from when until when it shows. */
export type TCaptionPhrase = { words: TWordTiming[]; start: number; end: number };

/**
 * Words per phrase at most; a longer run between breaks is split evenly. A phrase has two or
 * more words unless the whole speech is one.
 */
const MOST_WORDS = 5;
/** A silence this long (seconds) between words ends a phrase, and so does punctuation. */
const PHRASE_GAP = 0.45;
/** A phrase stays this long after its last word when the next does not follow at once. */
const LINGER = 0.35;
const BREAK = /[,;:.!?…—–]["'”’)\]]*$/u;

/** The words grouped into the phrases shown, in order. */
export function captionPhrases(words: TWordTiming[]): TCaptionPhrase[] {
  const runs: TWordTiming[][] = [];
  let run: TWordTiming[] = [];
  words.forEach((word, i) => {
    run.push(word);
    const next = words[i + 1];
    if (!next || BREAK.test(word.text) || next.start - word.end > PHRASE_GAP) {
      runs.push(run);
      run = [];
    }
  });
  // A word alone (a greeting, an answer) joins the run after it, or else the one before.
  for (let i = 0; i < runs.length; i += 1) {
    if (runs[i]!.length !== 1 || runs.length === 1) continue;
    if (i + 1 < runs.length && runs[i + 1]!.length < MOST_WORDS) {
      runs[i + 1]!.unshift(...runs[i]!);
      runs.splice(i, 1);
      i -= 1;
    } else if (i > 0 && runs[i - 1]!.length < MOST_WORDS) {
      runs[i - 1]!.push(...runs[i]!);
      runs.splice(i, 1);
      i -= 1;
    }
  }
  const groups = runs.flatMap((group) => {
    const parts = Math.ceil(group.length / MOST_WORDS);
    const size = Math.ceil(group.length / parts);
    return Array.from({ length: parts }, (_, i) => group.slice(i * size, (i + 1) * size)).filter(
      (part) => part.length,
    );
  });
  return groups.map((group, i) => {
    const next = groups[i + 1];
    const last = group.at(-1)!.end;
    const end = next && next[0]!.start - last <= LINGER ? next[0]!.start : last + LINGER;
    return { words: group, start: Math.max(0, group[0]!.start - 0.05), end };
  });
}

/** One glyph placed on a line, in pixels from the line's left end and its baseline. */
type TPlaced = { glyph: TGlyph; x: number };
type TLaidWord = { glyphs: TPlaced[]; width: number };

/** A phrase rendered: RGBA pixels to lay over the frame at `top` (full width). */
type TOverlay = { top: number; height: number; rgba: Buffer };

const WHITE = '#ffffff';
const HIGHLIGHT = '#ffd84a';

/** The type's size for a frame, in pixels, and how wide a line may run. */
const TYPE_SHARE = 0.066;
const LINE_SHARE = 0.88;
const LINE_HEIGHT = 1.22;

/** Draws a video's captions, frame by frame, into frames of one size. */
export type TCaptionDrawer = (frame: Buffer, seconds: number) => Promise<void>;

/** The drawer of `words`' captions on frames of `width` × `height` (RGB). */
export function captionDrawer(words: TWordTiming[], width: number, height: number): TCaptionDrawer {
  const phrases = captionPhrases(words);
  const overlays = new Map<string, Promise<TOverlay>>();

  const overlayOf = (phrase: number, spoken: number) => {
    const key = `${phrase}:${spoken}`;
    let overlay = overlays.get(key);
    if (!overlay) {
      overlay = renderPhrase(phrases[phrase]!, spoken, width, height);
      overlays.set(key, overlay);
      // Only the phrase on screen and the next are kept: a long video has many.
      for (const other of overlays.keys())
        if (Number(other.split(':')[0]) < phrase) overlays.delete(other);
    }
    return overlay;
  };

  return async (frame, seconds) => {
    const phrase = phrases.findIndex((p) => p.start <= seconds && seconds < p.end);
    if (phrase < 0) return;
    const said = phrases[phrase]!.words;
    let spoken = -1;
    said.forEach((word, i) => {
      if (word.start <= seconds) spoken = i;
    });
    layOver(frame, width, await overlayOf(phrase, spoken));
  };
}

/** The word's glyphs from the fonts, at `size` pixels; characters no font has are left out. */
function layWord(text: string, size: number, fontsLoaded: TFont[]): TLaidWord {
  const glyphs: TPlaced[] = [];
  let x = 0;
  for (const char of Array.from(text)) {
    for (const font of fontsLoaded) {
      const glyph = font.charToGlyph(char);
      if (glyph.index === 0) continue;
      glyphs.push({ glyph, x });
      x += ((glyph.advanceWidth ?? 0) * size) / font.unitsPerEm;
      break;
    }
  }
  return { glyphs, width: x };
}

/** The words split into at most two lines, the longer as short as it can be. */
function breakLines(laid: TLaidWord[], space: number, most: number): TLaidWord[][] {
  const widthOf = (line: TLaidWord[]) =>
    line.reduce((sum, word) => sum + word.width, 0) + space * Math.max(0, line.length - 1);
  if (laid.length < 2 || widthOf(laid) <= most) return [laid];
  let best = 1;
  for (let at = 2; at < laid.length; at += 1)
    if (
      Math.max(widthOf(laid.slice(0, at)), widthOf(laid.slice(at))) <
      Math.max(widthOf(laid.slice(0, best)), widthOf(laid.slice(best)))
    )
      best = at;
  return [laid.slice(0, best), laid.slice(best)];
}

/** Renders the phrase with its word `spoken` highlighted (-1: none yet). */
async function renderPhrase(
  phrase: TCaptionPhrase,
  spoken: number,
  width: number,
  height: number,
): Promise<TOverlay> {
  const fontsLoaded = await loadFonts();
  let size = Math.round(TYPE_SHARE * Math.min(width, height));
  const most = LINE_SHARE * width;
  let lines: { word: TLaidWord; index: number }[][] = [];
  let lineWidths: number[] = [];
  // Shrinks the type until the widest line fits.
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const laid = phrase.words.map((word) => layWord(word.text, size, fontsLoaded));
    const space = 0.28 * size;
    const broken = breakLines(laid, space, most);
    let index = 0;
    lines = broken.map((line) => line.map((word) => ({ word, index: index++ })));
    lineWidths = broken.map(
      (line) => line.reduce((sum, word) => sum + word.width, 0) + space * (line.length - 1),
    );
    if (Math.max(...lineWidths) <= most) break;
    size = Math.floor(size * 0.88);
  }
  const lineHeight = LINE_HEIGHT * size;
  const pad = Math.ceil(0.4 * size);
  const boxHeight = Math.ceil(lines.length * lineHeight + 2 * pad);
  // The block sits around 80 % of the way down, wholly inside the lower third.
  const top = Math.max(Math.ceil((2 * height) / 3) + 2, Math.round(0.8 * height - boxHeight / 2));
  const clampedTop = Math.min(top, height - boxHeight);
  const space = 0.28 * size;
  const paths: string[] = [];
  lines.forEach((line, row) => {
    let x = (width - lineWidths[row]!) / 2;
    const baseline = pad + row * lineHeight + 0.8 * size;
    for (const { word, index } of line) {
      const d = word.glyphs
        .map(({ glyph, x: at }) => glyph.getPath(x + at, baseline, size).toPathData(2))
        .join('');
      if (d) paths.push(`<path d="${d}" fill="${index === spoken ? HIGHLIGHT : WHITE}"/>`);
      x += word.width + space;
    }
  });
  const body = paths.join('');
  const stroke = (0.14 * size).toFixed(2);
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${boxHeight}">`,
    `<defs><filter id="s" x="-10%" y="-30%" width="120%" height="160%">`,
    `<feGaussianBlur stdDeviation="${(0.08 * size).toFixed(2)}"/></filter></defs>`,
    `<g transform="translate(0 ${(0.06 * size).toFixed(2)})" filter="url(#s)" opacity="0.6"`,
    ` fill="#000" stroke="#000" stroke-width="${stroke}">${body.replace(/ fill="[^"]+"/g, '')}</g>`,
    `<g stroke="#111" stroke-width="${stroke}" stroke-linejoin="round" paint-order="stroke">`,
    `${body}</g></svg>`,
  ].join('');
  const rgba = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
  return { top: clampedTop, height: boxHeight, rgba };
}

/** Lays the overlay over an RGB frame through its alpha. */
function layOver(frame: Buffer, width: number, overlay: TOverlay): void {
  const { rgba, top, height } = overlay;
  for (let row = 0; row < height; row += 1)
    for (let x = 0; x < width; x += 1) {
      const o = (row * width + x) * 4;
      const alpha = rgba[o + 3]!;
      if (!alpha) continue;
      const p = ((top + row) * width + x) * 3;
      const a = alpha / 255;
      frame[p] = Math.round(frame[p]! + (rgba[o]! - frame[p]!) * a);
      frame[p + 1] = Math.round(frame[p + 1]! + (rgba[o + 1]! - frame[p + 1]!) * a);
      frame[p + 2] = Math.round(frame[p + 2]! + (rgba[o + 2]! - frame[p + 2]!) * a);
    }
}

/**
 * The video with `words`' captions burned in: every frame decoded, captioned and encoded again
 * (H.264, the same size and frame rate), its sound copied unchanged.
 */
export async function burnCaptions(
  video: TEncodedVideo,
  words: TWordTiming[],
  signal?: AbortSignal,
): Promise<TEncodedVideo> {
  if (!words.length) return video;
  const pipeOptions = signal ? { signal } : {};
  return withTempDir(async (dir) => {
    const input = path.join(dir, 'input.mp4');
    const output = path.join(dir, 'captioned.mp4');
    await writeFile(input, video.data);
    const probe = await probeFile(input, signal);
    if (!probe) throw new UnreadableVideoError('no video stream');
    if (!probe.fps) throw new UnreadableVideoError('no frame rate');
    const { width, height, fps } = probe;
    const draw = captionDrawer(words, width, height);
    let count = 0;
    async function* captioned(): AsyncGenerator<Buffer> {
      const frames = decodeFrames(
        [
          ...['-i', input, '-map', '0:v:0', '-vsync', 'passthrough'],
          ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
        ],
        width * height * 3,
        pipeOptions,
      );
      for await (const frame of frames) {
        await draw(frame, count / fps);
        count += 1;
        yield frame;
      }
    }
    await encodeFrames(
      [
        ...rawFramesInput(width, height, fps),
        ...['-i', input, '-map', '0:v', '-map', '1:a:0?'],
        ...H264_MP4_OUTPUT,
        ...['-c:a', 'copy', '-y', output],
      ],
      captioned(),
      pipeOptions,
    );
    return {
      ...video,
      data: await readFile(output),
      width,
      height,
      fps,
      durationSeconds: count / fps,
      hasAudio: probe.hasAudio,
    };
  });
}
