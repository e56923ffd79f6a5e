/**
 * The talking head's face on the persona's photo: the 468-point face mesh (./face-mesh.ts) made
 * into a rig whose points move with the speech, and each frame's face drawn from it.
 *
 * The rig's points are the mesh and a ring of fixed points around the face (and the picture's
 * corners), triangulated together in the picture, so a moved chin stretches the neck below it
 * smoothly instead of tearing it. Three moves drive it, each a fixed displacement per point
 * scaled per frame:
 * - the jaw: the lower lip, chin and lower face move down the face's own axis (a tilted head
 *   opens along its tilt), less towards the jaw's hinges; the upper lip lifts a little;
 * - the mouth's width: the lips and the skin near them move out (a wide 'ee') or in (a rounded
 *   'oo') from the mouth's middle;
 * - a blink per eye: the upper lid moves onto the lower one, the skin above it following.
 * A frame's face is the photo warped triangle by triangle from the rig at rest to the moved rig
 * (./face-warp.ts), only where a point moved; the opening between the lips is then filled with
 * a drawn mouth: dark red-brown, darker at the back, with a hint of the upper teeth when wide.
 */
import type { TFaceMesh, TRgbFrame } from './face-mesh';
import { blur, fillPolygon, regionAround, warpTriangles, type TRegion } from './face-warp';
import { convexHull, delaunay, pointBounds } from './triangulate';

/** The mesh's contours the rig moves (the points' numbers in the 468-point mesh). */
const UPPER_OUTER_LIP = [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291];
const LOWER_OUTER_LIP = [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291];
const UPPER_INNER_LIP = [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308];
const LOWER_INNER_LIP = [78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308];
const MOUTH_CORNERS = [61, 291, 78, 308];
/** Each eye: the upper lid's edge, the skin above it, higher up, and the lower lid's edge. */
const EYES = [
  {
    upper: [246, 161, 160, 159, 158, 157, 173],
    crease: [247, 30, 29, 27, 28, 56, 190],
    brow: [113, 225, 224, 223, 222, 221, 189],
    lower: [33, 7, 163, 144, 145, 153, 154, 155, 133],
  },
  {
    upper: [466, 388, 387, 386, 385, 384, 398],
    crease: [467, 260, 259, 257, 258, 286, 414],
    brow: [342, 445, 444, 443, 442, 441, 413],
    lower: [263, 249, 390, 373, 374, 380, 381, 382, 362],
  },
] as const;
const FOREHEAD = 10;
const CHIN = 152;
const FACE_SIDES = [234, 454] as const;
const EYE_CORNERS = [33, 133, 263, 362];
const LIP_MIDDLES = [13, 14];

/** How far the jaw drops at its widest, as a share of the face's length (forehead to chin). */
const JAW_DROP = 0.055;
/** How far the upper lip lifts then, the same way. */
const LIP_LIFT = 0.012;
/** The fixed ring around the face, this many times the face's outline from its middle. */
const RING_SCALE = 1.3;
/** A closed lid stops this share short of the lower lid (the lashes' line stays visible). */
const BLINK_REACH = 0.92;
/** The skin above the lid follows this share of its move, and the brow's lower edge this. */
const CREASE_SHARE = 0.55;
const BROW_SHARE = 0.18;

/** How a frame's face differs from the photo's. */
export type TFacePose = {
  /** The jaw: 0 at rest, 1 at its widest. */
  open: number;
  /** The mouth's width: positive wider (as far as 0.1 is a wide smile), negative rounder. */
  widen: number;
  /** Each eye's lid: 0 open, 1 closed. */
  blink: [number, number];
};

/** Where moves reach: the triangles with a moving corner, and the box around them. */
type TReach = { triangles: Uint32Array; region: TRegion };

/** One move of the rig: each point's displacement at full strength, and where it reaches. */
type TMove = TReach & { vectors: Float64Array };

export type TFaceRig = {
  /** The rig's points at rest (the mesh, then the fixed ones), x and y in turn, in pixels. */
  points: Float64Array;
  /** The jaw's and the mouth's width's displacements, and where the two reach together. */
  jaw: Float64Array;
  width: Float64Array;
  mouth: TReach;
  eyes: [TMove, TMove];
  /** The face's axes and sizes, for the drawn mouth. */
  down: [number, number];
  across: [number, number];
  mouthHalfWidth: number;
};

type TVec = [number, number];

const smoothstep = (from: number, to: number, value: number) => {
  const t = Math.max(0, Math.min(1, (value - from) / (to - from)));
  return t * t * (3 - 2 * t);
};

function pointOf(points: ArrayLike<number>, index: number): TVec {
  return [points[2 * index]!, points[2 * index + 1]!];
}

function meanOf(points: ArrayLike<number>, indices: readonly number[]): TVec {
  let [x, y] = [0, 0];
  for (const index of indices) {
    x += points[2 * index]! / indices.length;
    y += points[2 * index + 1]! / indices.length;
  }
  return [x, y];
}

/** `y` at `x` along a polyline given by its points' (x, y), sorted by x; flat past its ends. */
function along(line: TVec[], x: number): number {
  if (x <= line[0]![0]) return line[0]![1];
  for (let i = 1; i < line.length; i += 1) {
    const [x1, y1] = line[i]!;
    if (x <= x1) {
      const [x0, y0] = line[i - 1]!;
      return x1 - x0 > 1e-9 ? y0 + ((y1 - y0) * (x - x0)) / (x1 - x0) : y1;
    }
  }
  return line.at(-1)![1];
}

/** Whether (x, y) is inside the polygon (corners in order). */
function inside(polygon: TVec[], x: number, y: number): boolean {
  let within = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) within = !within;
  }
  return within;
}

/**
 * The fixed points: a ring around the face's outline (RING_SCALE times it from its middle),
 * the picture's corners and its sides' middles, all inside the picture.
 */
function fixedPoints(mesh: TFaceMesh, width: number, height: number): number[] {
  const hull = convexHull(mesh);
  const { minX, minY, maxX, maxY } = pointBounds(hull);
  const [cx, cy] = [(minX + maxX) / 2, (minY + maxY) / 2];
  const fixed: number[] = [];
  const corners = hull.length / 2;
  const step = Math.max(1, Math.floor(corners / 32));
  for (let i = 0; i < corners; i += step)
    fixed.push(
      Math.max(0, Math.min(width - 1, cx + (hull[2 * i]! - cx) * RING_SCALE)),
      Math.max(0, Math.min(height - 1, cy + (hull[2 * i + 1]! - cy) * RING_SCALE)),
    );
  const [right, bottom] = [width - 1, height - 1];
  fixed.push(0, 0, right, 0, 0, bottom, right, bottom);
  fixed.push(right / 2, 0, right / 2, bottom, 0, bottom / 2, right, bottom / 2);
  return fixed;
}

/**
 * The rig's points: the mesh and the fixed points, any point within a hair of an earlier one
 * nudged off it (two points in one place make no triangle).
 */
function rigPoints(mesh: TFaceMesh, width: number, height: number): Float64Array {
  const points = Float64Array.from([...mesh, ...fixedPoints(mesh, width, height)]);
  const count = points.length / 2;
  for (let i = 1; i < count; i += 1)
    for (let j = 0; j < i; j += 1)
      if (
        Math.abs(points[2 * i]! - points[2 * j]!) < 0.05 &&
        Math.abs(points[2 * i + 1]! - points[2 * j + 1]!) < 0.05
      ) {
        points[2 * i]! += 0.1;
        points[2 * i + 1]! += 0.07;
      }
  return points;
}

/** Where the displacements `vectors` reach. */
function reachOf(
  vectors: Float64Array[],
  points: Float64Array,
  triangles: Uint32Array,
  frame: { width: number; height: number },
): TReach {
  const moving = (index: number) =>
    vectors.some(
      (vector) => Math.abs(vector[2 * index]!) + Math.abs(vector[2 * index + 1]!) > 1e-3,
    );
  const kept: number[] = [];
  for (let t = 0; t < triangles.length; t += 3)
    if (moving(triangles[t]!) || moving(triangles[t + 1]!) || moving(triangles[t + 2]!))
      kept.push(triangles[t]!, triangles[t + 1]!, triangles[t + 2]!);
  const corners = kept.flatMap((index) => [points[2 * index]!, points[2 * index + 1]!]);
  const region = corners.length
    ? regionAround(corners, { data: Buffer.alloc(0), ...frame })
    : { left: 0, top: 0, width: 0, height: 0 };
  return { triangles: Uint32Array.from(kept), region };
}

/** Builds the rig of the face whose mesh is `mesh`, in a picture of `width` × `height`. */
export function buildFaceRig(mesh: TFaceMesh, width: number, height: number): TFaceRig {
  const points = rigPoints(mesh, width, height);
  const triangles = delaunay(points);
  const count = points.length / 2;
  const meshCount = mesh.length / 2;

  // The face's own axes: down from between the eyes to the chin, and across it.
  const eyes = meanOf(mesh, EYE_CORNERS);
  const chin = pointOf(mesh, CHIN);
  const toChin = Math.hypot(chin[0] - eyes[0], chin[1] - eyes[1]) || 1;
  const down: TVec = [(chin[0] - eyes[0]) / toChin, (chin[1] - eyes[1]) / toChin];
  const across: TVec = [-down[1], down[0]];
  const forehead = pointOf(mesh, FOREHEAD);
  const faceLength = Math.hypot(chin[0] - forehead[0], chin[1] - forehead[1]);
  const mouth = meanOf(mesh, LIP_MIDDLES);
  const local = (x: number, y: number): TVec => {
    const [dx, dy] = [x - mouth[0], y - mouth[1]];
    return [dx * across[0] + dy * across[1], dx * down[0] + dy * down[1]];
  };
  const localOf = (index: number) => local(points[2 * index]!, points[2 * index + 1]!);
  const [left, right] = FACE_SIDES.map((index) => pointOf(mesh, index)) as [TVec, TVec];
  const faceHalfWidth = Math.hypot(right[0] - left[0], right[1] - left[1]) / 2;
  const [cornerA, cornerB] = [localOf(61), localOf(291)];
  const mouthHalfWidth = Math.max(1, Math.abs(cornerB[0] - cornerA[0]) / 2);

  // The line where the lips meet, and the lips' outline, in the face's axes.
  const meeting = UPPER_INNER_LIP.map((upper, i) => {
    const [a, b] = [localOf(upper), localOf(LOWER_INNER_LIP[i]!)];
    return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] as TVec;
  }).sort((p, q) => p[0] - q[0]);
  const outline = [...UPPER_OUTER_LIP, ...[...LOWER_OUTER_LIP].reverse()].map(localOf);
  const lower = new Set([...LOWER_OUTER_LIP, ...LOWER_INNER_LIP]);
  const upper = new Set([...UPPER_OUTER_LIP, ...UPPER_INNER_LIP]);
  const corners = new Set(MOUTH_CORNERS);

  const jaw = new Float64Array(2 * count);
  const width_ = new Float64Array(2 * count);
  for (let i = 0; i < meshCount; i += 1) {
    const [a, b] = localOf(i);
    const below = b - along(meeting, a);
    const onLips = lower.has(i) || upper.has(i) || inside(outline, a, b);
    let drop: number;
    let lift = 0;
    if (corners.has(i)) drop = 0.45;
    else if (lower.has(i)) drop = 1;
    else if (upper.has(i)) [drop, lift] = [0, 1];
    else if (onLips) [drop, lift] = below >= 0 ? [1, 0] : [0, 1];
    else drop = smoothstep(-0.02 * faceLength, 0.09 * faceLength, below);
    if (onLips && !corners.has(i)) {
      // Towards the corners the lips meet: their move fades into the corners'.
      const cornerness = smoothstep(0.7 * mouthHalfWidth, mouthHalfWidth, Math.abs(a));
      drop += (0.45 - drop) * cornerness;
      lift *= 1 - cornerness;
    }
    // The jaw turns on hinges by the ears: the face's sides move less than its middle.
    drop *= 1 - 0.75 * smoothstep(0.35 * faceHalfWidth, faceHalfWidth, Math.abs(a));
    const shift = (JAW_DROP * drop - LIP_LIFT * lift) * faceLength;
    jaw[2 * i] = shift * down[0];
    jaw[2 * i + 1] = shift * down[1];
    // Wider or rounder: the lips move across from the mouth's middle, the skin near them less.
    const reach = Math.hypot(a, b) / (1.9 * mouthHalfWidth);
    const share = onLips ? 1 : Math.max(0, 1 - reach * reach) ** 2;
    width_[2 * i] = a * share * across[0];
    width_[2 * i + 1] = a * share * across[1];
  }

  const eyeMoves = EYES.map((eye) => {
    const vectors = new Float64Array(2 * count);
    const lid = eye.lower.map((index) => pointOf(mesh, index));
    const [start, end] = [lid[0]!, lid.at(-1)!];
    const axis: TVec = [end[0] - start[0], end[1] - start[1]];
    const span = axis[0] ** 2 + axis[1] ** 2 || 1;
    const at = (p: TVec) => ((p[0] - start[0]) * axis[0] + (p[1] - start[1]) * axis[1]) / span;
    // The lower lid as (position along the eye, point), to find the point under each upper one.
    const under = lid.map((p) => [at(p), p] as const).sort((p, q) => p[0] - q[0]);
    eye.upper.forEach((index, k) => {
      const p = pointOf(mesh, index);
      const t = Math.max(under[0]![0], Math.min(under.at(-1)![0], at(p)));
      let j = 1;
      while (j < under.length - 1 && under[j]![0] < t) j += 1;
      const [t0, p0] = under[j - 1]!;
      const [t1, p1] = under[j]!;
      const w = t1 - t0 > 1e-9 ? (t - t0) / (t1 - t0) : 0;
      const target: TVec = [p0[0] + (p1[0] - p0[0]) * w, p0[1] + (p1[1] - p0[1]) * w];
      const [dx, dy] = [(target[0] - p[0]) * BLINK_REACH, (target[1] - p[1]) * BLINK_REACH];
      const follow = (other: number, share: number) => {
        vectors[2 * other] = dx * share;
        vectors[2 * other + 1] = dy * share;
      };
      follow(index, 1);
      follow(eye.crease[k]!, CREASE_SHARE);
      follow(eye.brow[k]!, BROW_SHARE);
    });
    return { vectors, ...reachOf([vectors], points, triangles, { width, height }) };
  }) as [TMove, TMove];

  return {
    points,
    jaw,
    width: width_,
    mouth: reachOf([jaw, width_], points, triangles, { width, height }),
    eyes: eyeMoves,
    down,
    across,
    mouthHalfWidth,
  };
}

/** The rig's points in `pose`. */
export function posedPoints(rig: TFaceRig, pose: TFacePose): Float64Array {
  const moved = Float64Array.from(rig.points);
  const add = (vectors: Float64Array, amount: number) => {
    if (amount === 0) return;
    for (let i = 0; i < moved.length; i += 1) moved[i]! += vectors[i]! * amount;
  };
  add(rig.jaw, pose.open);
  add(rig.width, pose.widen);
  add(rig.eyes[0].vectors, pose.blink[0]);
  add(rig.eyes[1].vectors, pose.blink[1]);
  return moved;
}

/** The box around both regions. */
function union(a: TRegion, b: TRegion): TRegion {
  if (!a.width || !a.height) return b;
  if (!b.width || !b.height) return a;
  const left = Math.min(a.left, b.left);
  const top = Math.min(a.top, b.top);
  const right = Math.max(a.left + a.width, b.left + b.width);
  const bottom = Math.max(a.top + a.height, b.top + b.height);
  return { left, top, width: right - left, height: bottom - top };
}

/** The darkest colour of the drawn mouth (its back) and its colour by the lips. */
const MOUTH_BACK = [38, 11, 10] as const;
const MOUTH_EDGE = [118, 48, 40] as const;
const TEETH = [222, 214, 198] as const;

/**
 * Fills the opening between the moved inner lips with a drawn mouth: an oval gradient from
 * the dark back to a lighter red-brown by the lips, and from half open on, a band of upper
 * teeth under the upper lip, shaded towards the corners. It fades in over the first part of the
 * opening, so a photo's own open mouth shows unchanged at rest.
 */
function drawMouth(frame: TRgbFrame, rig: TFaceRig, moved: Float64Array, open: number): void {
  const strength = smoothstep(0.04, 0.3, open);
  if (strength <= 0) return;
  const upper = UPPER_INNER_LIP.map((index) => pointOf(moved, index));
  const lower = LOWER_INNER_LIP.map((index) => pointOf(moved, index));
  const polygon = Float64Array.from([...upper, ...[...lower].reverse()].flat());
  const box = regionAround(polygon, frame);
  const region = {
    left: Math.max(0, box.left - 2),
    top: Math.max(0, box.top - 2),
    width: Math.min(frame.width, box.left + box.width + 2) - Math.max(0, box.left - 2),
    height: Math.min(frame.height, box.top + box.height + 2) - Math.max(0, box.top - 2),
  };
  if (region.width < 2 || region.height < 2) return;
  const mask = new Float32Array(region.width * region.height);
  fillPolygon(polygon, region, mask);
  blur(mask, region.width, region.height, 1);

  // The opening in the face's axes, from its middle: half its width and height, the upper lip.
  const [down, across] = [rig.down, rig.across];
  const centre = meanOf(
    polygon,
    Array.from({ length: polygon.length / 2 }, (_, i) => i),
  );
  const local = ([x, y]: TVec): TVec => {
    const [dx, dy] = [x - centre[0], y - centre[1]];
    return [dx * across[0] + dy * across[1], dx * down[0] + dy * down[1]];
  };
  const upperLine = upper.map(local).sort((p, q) => p[0] - q[0]);
  let halfHeight = 1;
  upper.forEach((p, i) => {
    const gap = (lower[i]![0] - p[0]) * down[0] + (lower[i]![1] - p[1]) * down[1];
    halfHeight = Math.max(halfHeight, gap / 2);
  });
  const halfWidth = Math.max(1, 0.9 * rig.mouthHalfWidth);
  const teeth = 0.9 * smoothstep(0.45, 0.85, open);
  const teethWidth = 0.72 * halfWidth;
  const teethHeight = 0.45 * halfHeight;

  for (let row = 0; row < region.height; row += 1)
    for (let column = 0; column < region.width; column += 1) {
      const m = mask[row * region.width + column]! * strength;
      if (m <= 0) continue;
      const [a, b] = local([region.left + column, region.top + row]);
      const t = smoothstep(0.15, 1.05, Math.hypot(a / halfWidth, b / halfHeight));
      let r = MOUTH_BACK[0] + (MOUTH_EDGE[0] - MOUTH_BACK[0]) * t;
      let g = MOUTH_BACK[1] + (MOUTH_EDGE[1] - MOUTH_BACK[1]) * t;
      let bl = MOUTH_BACK[2] + (MOUTH_EDGE[2] - MOUTH_BACK[2]) * t;
      if (teeth > 0 && Math.abs(a) < teethWidth) {
        const depth = (b - along(upperLine, a)) / teethHeight;
        const side = Math.abs(a) / teethWidth;
        // Soft at the bottom edge, in the lip's shadow at the top, fading into the dark sideways.
        const tooth = teeth * (1 - smoothstep(0.55, 1, depth)) * (1 - smoothstep(0.35, 1, side));
        const shade = (0.62 + 0.38 * smoothstep(-0.2, 0.45, depth)) * (1 - 0.3 * side * side);
        r += (TEETH[0] * shade - r) * tooth;
        g += (TEETH[1] * shade - g) * tooth;
        bl += (TEETH[2] * shade - bl) * tooth;
      }
      const p = ((region.top + row) * frame.width + region.left + column) * 3;
      frame.data[p] = Math.round(frame.data[p]! + (r - frame.data[p]!) * m);
      frame.data[p + 1] = Math.round(frame.data[p + 1]! + (g - frame.data[p + 1]!) * m);
      frame.data[p + 2] = Math.round(frame.data[p + 2]! + (bl - frame.data[p + 2]!) * m);
    }
}

/**
 * Draws the face in `pose` into `frame`, which holds the photo (`photo`, the same size) at rest:
 * the moved triangles warped from the photo, then the drawn mouth. At rest nothing is drawn.
 */
export function drawFace(frame: TRgbFrame, photo: TRgbFrame, rig: TFaceRig, pose: TFacePose): void {
  const moves: TReach[] = [];
  if (pose.open !== 0 || pose.widen !== 0) moves.push(rig.mouth);
  if (pose.blink[0] !== 0) moves.push(rig.eyes[0]);
  if (pose.blink[1] !== 0) moves.push(rig.eyes[1]);
  if (!moves.length) return;
  const moved = posedPoints(rig, pose);
  const triangles = Uint32Array.from(moves.flatMap((move) => Array.from(move.triangles)));
  const region = moves.reduce((box, move) => union(box, move.region), moves[0]!.region);
  if (region.width < 1 || region.height < 1) return;
  const { rgb, covered } = warpTriangles(
    { image: photo, mesh: rig.points },
    moved,
    triangles,
    region,
  );
  for (let row = 0; row < region.height; row += 1)
    for (let column = 0; column < region.width; column += 1) {
      const at = row * region.width + column;
      if (!covered[at]) continue;
      const p = ((region.top + row) * frame.width + region.left + column) * 3;
      // Stored as bytes: + ½ rounds the samples (0–255) to the nearest.
      frame.data[p] = rgb[at * 3]! + 0.5;
      frame.data[p + 1] = rgb[at * 3 + 1]! + 0.5;
      frame.data[p + 2] = rgb[at * 3 + 2]! + 0.5;
    }
  if (pose.open > 0) drawMouth(frame, rig, moved, pose.open);
}
