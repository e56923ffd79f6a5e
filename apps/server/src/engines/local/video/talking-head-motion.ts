/**
 * What the talking head does in each frame, planned before any is drawn: how open the mouth is
 * and its shape, the blinks and the head's sway. The mouth follows the sound's loudness frame
 * by frame (./speech/audio.ts), smoothed so it opens quickly and closes a little slower without
 * flickering, and rests shut in silence. With the phones of a script it also takes rough shapes
 * of them: shut for m, b and p, rounder for 'oo', 'oh' and w, wider for 'ee' and 'ay'. Blinks
 * come every 2.5 to 5 seconds and the head sways slowly (under 1.5 degrees, a few pixels), both
 * from a seed, so the same speech always makes the same frames.
 */
import type { TPhone } from '../speech/word-timing';
import type { TFacePose } from './talking-head-face';

/** A frame's pose: the face's, and the whole picture turned (degrees) and moved (pixels). */
export type TFramePlan = TFacePose & { angle: number; shiftX: number; shiftY: number };

/** A mouth shape: how far it lets the jaw open (0–1) and how much wider or rounder it is. */
type TShape = { open: number; widen: number };

const SHUT: TShape = { open: 0, widen: 0 };
const MID: TShape = { open: 0.8, widen: 0 };

/** The shape of each phone of the offline synthesizer's set; any other is MID. */
const SHAPES: Record<string, TShape> = {
  pau: SHUT,
  m: SHUT,
  b: SHUT,
  p: SHUT,
  f: { open: 0.25, widen: 0.02 },
  v: { open: 0.25, widen: 0.02 },
  uw: { open: 0.5, widen: -0.22 },
  uh: { open: 0.6, widen: -0.15 },
  ow: { open: 0.75, widen: -0.2 },
  oy: { open: 0.75, widen: -0.15 },
  w: { open: 0.35, widen: -0.25 },
  aw: { open: 0.95, widen: -0.08 },
  ao: { open: 0.9, widen: -0.1 },
  iy: { open: 0.45, widen: 0.1 },
  ih: { open: 0.55, widen: 0.08 },
  ey: { open: 0.65, widen: 0.08 },
  eh: { open: 0.75, widen: 0.05 },
  ae: { open: 0.95, widen: 0.06 },
  y: { open: 0.4, widen: 0.08 },
  aa: { open: 1, widen: 0 },
  ah: { open: 0.9, widen: 0 },
  ay: { open: 1, widen: 0.02 },
  s: { open: 0.3, widen: 0.06 },
  z: { open: 0.3, widen: 0.06 },
  sh: { open: 0.35, widen: -0.12 },
  zh: { open: 0.35, widen: -0.12 },
  ch: { open: 0.35, widen: -0.12 },
  jh: { open: 0.35, widen: -0.12 },
  r: { open: 0.5, widen: -0.08 },
  er: { open: 0.55, widen: -0.06 },
};
const SHUT_PHONES = new Set(['m', 'b', 'p']);

/** How much of the way to a louder target the mouth goes in one frame, and to a quieter one. */
const ATTACK = 0.65;
const RELEASE = 0.45;
/** The same for the mouth's shape. */
const SHAPE_FOLLOW = 0.6;
/** Loudness is eased up before it opens the mouth, so quieter syllables still show. */
const LOUDNESS_CURVE = 1.2;
/** Openings smaller than this are shut: silence rests on exactly the photo's mouth. */
const REST = 0.02;

/** A blink, frame by frame from its start: closing, shut, opening (about 150 ms). */
const BLINK = [0.55, 1, 0.9, 0.4];
const FIRST_BLINK = [0.6, 2.4];
const BLINK_GAP = [2.5, 5];

/** A small, deterministic random source (mulberry32). */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The phone said during most of [from, to), and whether a shut one (m, b, p) fills 40 % of it. */
function phoneDuring(phones: TPhone[], from: number, to: number) {
  let best = 'pau';
  let bestShare = 0;
  let shut = false;
  let start = 0;
  for (const { phone, end } of phones) {
    const overlap = Math.min(end, to) - Math.max(start, from);
    if (overlap > 0) {
      if (overlap > bestShare) [best, bestShare] = [phone, overlap];
      if (SHUT_PHONES.has(phone) && overlap >= 0.4 * (to - from)) shut = true;
    }
    start = end;
    if (start >= to) break;
  }
  return { phone: best, shut };
}

/** Each blink's strength per frame (the same for both eyes). */
function blinks(frames: number, fps: number, random: () => number): Float32Array {
  const strength = new Float32Array(frames);
  const between = (range: number[]) => range[0]! + (range[1]! - range[0]!) * random();
  for (let at = between(FIRST_BLINK); at * fps < frames; at += between(BLINK_GAP)) {
    const first = Math.round(at * fps);
    BLINK.forEach((value, i) => {
      if (first + i < frames) strength[first + i] = value;
    });
  }
  return strength;
}

/**
 * The plan of each of `frames` frames at `fps`, from the loudness of each frame (0–1), the
 * phones when known (null for uploaded audio: one middle shape) and the seed.
 */
export function planFrames(
  loudness: Float32Array,
  phones: TPhone[] | null,
  fps: number,
  seed: number,
): TFramePlan[] {
  const frames = loudness.length;
  const random = randomFrom(seed);
  const blink = blinks(frames, fps, random);
  const phase = () => 2 * Math.PI * random();
  const [a1, a2, x1, y1] = [phase(), phase(), phase(), phase()];
  const plans: TFramePlan[] = [];
  let open = 0;
  let shape: TShape = { open: MID.open, widen: 0 };
  let nod = 0;
  for (let i = 0; i < frames; i += 1) {
    const [from, to] = [i / fps, (i + 1) / fps];
    const said = phones ? phoneDuring(phones, from, to) : null;
    const aim = said ? (SHAPES[said.phone] ?? MID) : MID;
    shape = {
      open: shape.open + (aim.open - shape.open) * SHAPE_FOLLOW,
      widen: shape.widen + (aim.widen - shape.widen) * SHAPE_FOLLOW,
    };
    const target = Math.pow(loudness[i]!, LOUDNESS_CURVE);
    open += (target - open) * (target > open ? ATTACK : RELEASE);
    if (said?.shut) open = Math.min(open, 0.04);
    if (open < REST) open = 0;
    const mouth = open * Math.min(1, shape.open / MID.open);
    // The head nods a touch with the speech, slowly.
    nod += (loudness[i]! - nod) * 0.06;
    const t = from;
    plans.push({
      open: mouth < REST ? 0 : Math.min(1, mouth),
      widen: mouth < REST ? 0 : Math.round(shape.widen * 1000) / 1000,
      blink: [blink[i]!, blink[i]!],
      angle:
        1.0 * Math.sin((2 * Math.PI * t) / 6.1 + a1) + 0.4 * Math.sin((2 * Math.PI * t) / 2.7 + a2),
      shiftX: 2.5 * Math.sin((2 * Math.PI * t) / 7.3 + x1),
      shiftY: 1.6 * Math.sin((2 * Math.PI * t) / 4.9 + y1) + 1.5 * nod,
    });
  }
  return plans;
}
