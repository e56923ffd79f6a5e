/**
 * The offline Generate Video engine: an honest camera move through the still, not an invented
 * motion. A slow push-in, pull-out, pan or tilt, chosen from the creator's motion words and
 * eased in and out, with parallax: the persona (cut out with its soft alpha) moves as a near
 * layer over the background, which moves less (./motion-layers.ts). A still without a person
 * gets the plain camera move.
 *
 * Frames are drawn here (bilinear, one pass over the output per frame) and piped raw to the
 * shipped ffmpeg for H.264. ffmpeg's own `zoompan` was measured as the alternative: it rounds
 * the window to whole pixels, a judder on a slow move unless the still is first enlarged (4×:
 * 6.7 s of CPU for 5 s of 9:16, where drawing here takes about 2 s besides the encode), and it
 * cannot move two layers by different amounts with one soft alpha.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TVideoAspectRatio, TVideoOptions } from '@muse/shared';
import type { TEncodedVideo, TEngine, TRunContext } from '../../types';
import { withTempDir } from './ffmpeg';
import { encodeFrames, H264_MP4_OUTPUT, rawFramesInput } from './frame-pipe';
import { prepareLayers, type TLayers } from './motion-layers';

/** Output sizes, about half a megapixel each (even sides, as H.264's yuv420p needs). */
export const VIDEO_SIZES: Record<TVideoAspectRatio, [number, number]> = {
  '9:16': [540, 960],
  '1:1': [720, 720],
  '16:9': [960, 540],
};

export const VIDEO_FPS = 24;

export type TMotion = 'push-in' | 'pull-out' | 'pan-left' | 'pan-right' | 'tilt-up' | 'tilt-down';

/**
 * Words naming a move, in tiers: a named camera move ('zoom out', 'pan left') outranks a bare
 * direction ('to the left'), which outranks a subject's motion that a camera would follow
 * ('walking'). Within a tier, the move named first wins.
 */
const MOTION_WORDS: [RegExp, TMotion][][] = [
  [
    [/\b(zoom(s|ing)?|push(es|ing)?|dolly(ing)?|mov(e|es|ing))[\s-]*(in|closer)\b/, 'push-in'],
    [/\b(zoom(s|ing)?|pull(s|ing)?|dolly(ing)?)[\s-]*(out|back)\b/, 'pull-out'],
    [/\b(pan(s|ning)?|truck(s|ing)?)\s+(to\s+the\s+)?left\b/, 'pan-left'],
    [/\b(pan(s|ning)?|truck(s|ing)?)\s+(to\s+the\s+)?right\b/, 'pan-right'],
    [/\b(tilt(s|ing)?|pan(s|ning)?|crane(s|ing)?|boom(s|ing)?)\s+up\b/, 'tilt-up'],
    [/\b(tilt(s|ing)?|pan(s|ning)?|crane(s|ing)?|boom(s|ing)?)\s+down\b/, 'tilt-down'],
  ],
  [
    [/\b(push(es|ing)?|closer|close[\s-]up|approach\w*|zoom(s|ing)?)\b/, 'push-in'],
    [/\b(reveal\w*|wider|widen\w*|step(s|ping)?\s+back|further\s+away)\b/, 'pull-out'],
    [/\bleft(wards?)?\b/, 'pan-left'],
    [/\bright(wards?)?\b/, 'pan-right'],
    [/\b(upwards?|ris(e|es|ing)|ascend\w*)\b/, 'tilt-up'],
    [/\b(downwards?|descend\w*|sink(s|ing)?)\b/, 'tilt-down'],
  ],
  [[/\b(walk\w*|stroll\w*|run(s|ning)?|track(s|ing)?|follow\w*|glid(e|es|ing))\b/, 'pan-right']],
];

/** The camera move the words ask for; a gentle push-in when they name none. */
export function motionFromWords(prompt: string): TMotion {
  const text = prompt.toLowerCase();
  for (const tier of MOTION_WORDS) {
    let first: { at: number; motion: TMotion } | null = null;
    for (const [pattern, motion] of tier) {
      const at = text.search(pattern);
      if (at >= 0 && (!first || at < first.at)) first = { at, motion };
    }
    if (first) return first.motion;
  }
  return 'push-in';
}

/** How much closer the camera is at the end of a push-in, and the room every move has. */
const ZOOM = 1.15;
/** The background's share of the persona's move: the depth between them. */
const BACKGROUND_SHARE = 0.35;

/**
 * What one layer shows in a frame: output pixel (u, v) samples the layer at
 * (x + (u + ½)·step − ½, y + (v + ½)·step − ½), `step` layer pixels per output pixel.
 */
type TWindow = { x: number; y: number; step: number };

type TCamera = (progress: number, layer: 'front' | 'back') => TWindow;

/**
 * The move as a window per layer, from progress 0 to 1. The layers are ZOOM times the output's
 * size, so the window at full zoom is one layer pixel per output pixel.
 */
function camera(motion: TMotion, layers: TLayers, width: number, height: number): TCamera {
  const { focus } = layers;
  const share = (layer: 'front' | 'back') => (layer === 'front' ? 1 : BACKGROUND_SHARE);
  const zoomAbout = (zoom: number): TWindow => ({
    // The focus stays where it is on screen while the window narrows around it.
    x: focus.x * (1 - 1 / zoom),
    y: focus.y * (1 - 1 / zoom),
    step: ZOOM / zoom,
  });
  // A pan travels the whole room on the front layer, centred on the room's middle.
  const travel = (room: number, progress: number, layer: 'front' | 'back') =>
    room * (0.5 + (progress - 0.5) * share(layer));
  const roomX = layers.width - width;
  const roomY = layers.height - height;
  const clamp = (value: number, room: number) => Math.max(0, Math.min(room, value));
  const level = { x: clamp(focus.x - width / 2, roomX), y: clamp(focus.y - height / 2, roomY) };
  switch (motion) {
    case 'push-in':
    case 'pull-out':
      return (progress, layer) => {
        const closeness = motion === 'push-in' ? progress : 1 - progress;
        return zoomAbout(1 + (ZOOM - 1) * share(layer) * closeness);
      };
    case 'pan-left':
    case 'pan-right':
      return (progress, layer) => ({
        x: travel(roomX, motion === 'pan-right' ? progress : 1 - progress, layer),
        y: level.y,
        step: 1,
      });
    case 'tilt-up':
    case 'tilt-down':
      return (progress, layer) => ({
        x: level.x,
        y: travel(roomY, motion === 'tilt-down' ? progress : 1 - progress, layer),
        step: 1,
      });
  }
}

/** Slow in, slow out: no jerk at the first or last frame. */
const ease = (t: number) => (1 - Math.cos(Math.PI * t)) / 2;

/** Where the output pixels along one axis sample: lower neighbour, and the next one's weight. */
type TAxis = { index: Int32Array; weight: Float32Array };

function sampleAxis(start: number, step: number, count: number, size: number): TAxis {
  const index = new Int32Array(count);
  const weight = new Float32Array(count);
  for (let i = 0; i < count; i += 1) {
    const at = Math.max(0, Math.min(size - 1, start + (i + 0.5) * step - 0.5));
    index[i] = Math.min(size - 2, Math.floor(at));
    weight[i] = at - index[i]!;
  }
  return { index, weight };
}

/** Bilinear blend of four neighbours (upper left, upper right, lower left, lower right). */
const lerp4 = (a: number, b: number, c: number, d: number, wx: number, wy: number) => {
  const upper = a + (b - a) * wx;
  return upper + (c + (d - c) * wx - upper) * wy;
};

/** Bilinear sample of one channel of an RGB image; `p` and `q`: its upper and lower left texel. */
const texel = (image: Buffer, p: number, q: number, wx: number, wy: number) =>
  lerp4(image[p]!, image[p + 3]!, image[q]!, image[q + 3]!, wx, wy);

/**
 * Draws one frame into `out` (RGB): the persona through `front` with its alpha, over the
 * background through `back`. Without a persona the still is drawn whole through `front`, so
 * the one layer makes the camera's full move.
 */
function drawFrame(
  out: Buffer,
  width: number,
  height: number,
  layers: TLayers,
  back: TWindow,
  front: TWindow,
): void {
  const { still } = layers;
  const alpha = layers.persona?.alpha;
  const background = layers.persona?.background ?? still;
  const row = layers.width;
  const bx = sampleAxis(back.x, back.step, width, layers.width);
  const by = sampleAxis(back.y, back.step, height, layers.height);
  const fx = sampleAxis(front.x, front.step, width, layers.width);
  const fy = sampleAxis(front.y, front.step, height, layers.height);
  let o = 0;
  for (let v = 0; v < height; v += 1) {
    const backRow = by.index[v]! * row;
    const backWy = by.weight[v]!;
    const frontRow = fy.index[v]! * row;
    const frontWy = fy.weight[v]!;
    for (let u = 0; u < width; u += 1) {
      const f = frontRow + fx.index[u]!;
      const frontWx = fx.weight[u]!;
      const opacity = alpha
        ? lerp4(alpha[f]!, alpha[f + 1]!, alpha[f + row]!, alpha[f + row + 1]!, frontWx, frontWy) /
          255
        : 1;
      // Most pixels are all persona or all background: only its edge samples both layers. (Three
      // plain variables: an array here would be allocated for every pixel.)
      let r = 0;
      let g = 0;
      let b = 0;
      if (opacity < 1) {
        const p = (backRow + bx.index[u]!) * 3;
        const q = p + row * 3;
        const backWx = bx.weight[u]!;
        r = texel(background, p, q, backWx, backWy);
        g = texel(background, p + 1, q + 1, backWx, backWy);
        b = texel(background, p + 2, q + 2, backWx, backWy);
      }
      if (opacity > 0) {
        const p = f * 3;
        const q = p + row * 3;
        r += (texel(still, p, q, frontWx, frontWy) - r) * opacity;
        g += (texel(still, p + 1, q + 1, frontWx, frontWy) - g) * opacity;
        b += (texel(still, p + 2, q + 2, frontWx, frontWy) - b) * opacity;
      }
      out[o] = r + 0.5;
      out[o + 1] = g + 0.5;
      out[o + 2] = b + 0.5;
      o += 3;
    }
  }
}

/** The clip's frames, drawn one at a time as the encoder asks for them. */
async function* frames(
  layers: TLayers,
  move: TCamera,
  size: { width: number; height: number; count: number },
  context: TRunContext,
): AsyncGenerator<Buffer> {
  for (let i = 0; i < size.count; i += 1) {
    context.signal?.throwIfAborted();
    const progress = ease(size.count > 1 ? i / (size.count - 1) : 0);
    const frame = Buffer.allocUnsafe(size.width * size.height * 3);
    drawFrame(
      frame,
      size.width,
      size.height,
      layers,
      move(progress, 'back'),
      move(progress, 'front'),
    );
    context.onProgress(
      20 + (79 * (i + 1)) / size.count,
      `Rendering frame ${i + 1} of ${size.count}`,
    );
    yield frame;
  }
}

async function makeClip(
  still: Buffer,
  options: Pick<TVideoOptions, 'prompt' | 'duration' | 'aspectRatio'>,
  context: TRunContext,
): Promise<TEncodedVideo> {
  const [width, height] = VIDEO_SIZES[options.aspectRatio];
  const durationSeconds = Number(options.duration);
  const count = durationSeconds * VIDEO_FPS;
  context.onProgress(2, 'Cutting out the persona');
  const layers = await prepareLayers(still, Math.round(width * ZOOM), Math.round(height * ZOOM));
  const move = camera(motionFromWords(options.prompt), layers, width, height);
  return withTempDir(async (dir) => {
    const output = path.join(dir, 'clip.mp4');
    await encodeFrames(
      [...rawFramesInput(width, height, VIDEO_FPS), ...H264_MP4_OUTPUT, '-an', '-y', output],
      frames(layers, move, { width, height, count }, context),
      context.signal ? { signal: context.signal } : {},
    );
    const data = await readFile(output);
    context.onProgress(100, 'Done');
    return {
      data,
      width,
      height,
      contentType: 'video/mp4' as const,
      durationSeconds,
      fps: VIDEO_FPS,
      hasAudio: false,
    };
  });
}

export function createLocalVideoEngine(): TEngine<'generate-video'> & { readonly preview: true } {
  return {
    name: 'local',
    preview: true,
    run: (input, options, context) => makeClip(input, options, context),
  };
}
