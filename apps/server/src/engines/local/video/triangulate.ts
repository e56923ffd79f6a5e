/**
 * Plane geometry for the face swap: a Delaunay triangulation (Bowyer–Watson) and a convex hull
 * (Andrew's monotone chain). Points are flat arrays: x and y of each point in turn. The face
 * mesh has 468 points and is triangulated once per run, so the simple O(n²) algorithm is ample.
 */

/** Points as [x0, y0, x1, y1, …]. */
export type TPoints = ArrayLike<number>;

type TTriangle = { a: number; b: number; c: number; x: number; y: number; radius2: number };

/** A triangle with its circumcircle (centre and squared radius). */
function withCircle(points: TPoints, a: number, b: number, c: number): TTriangle {
  const [ax, ay, bx, by, cx, cy] = [
    points[2 * a]!,
    points[2 * a + 1]!,
    points[2 * b]!,
    points[2 * b + 1]!,
    points[2 * c]!,
    points[2 * c + 1]!,
  ];
  const d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by));
  const a2 = ax * ax + ay * ay;
  const b2 = bx * bx + by * by;
  const c2 = cx * cx + cy * cy;
  const x = (a2 * (by - cy) + b2 * (cy - ay) + c2 * (ay - by)) / d;
  const y = (a2 * (cx - bx) + b2 * (ax - cx) + c2 * (bx - ax)) / d;
  return { a, b, c, x, y, radius2: (ax - x) ** 2 + (ay - y) ** 2 };
}

/**
 * The Delaunay triangles of `points` as index triples [a0, b0, c0, a1, …]. Points are inserted
 * one by one into a triangle that holds them all; the triangles whose circumcircle holds the new
 * point are replaced by a fan from it to the hole's border.
 */
export function delaunay(points: TPoints): Uint32Array {
  const count = points.length / 2;
  const { minX, minY, maxX, maxY } = pointBounds(points);
  const span = Math.max(maxX - minX, maxY - minY) || 1;
  const [midX, midY] = [(minX + maxX) / 2, (minY + maxY) / 2];
  // The enclosing triangle's corners are points count, count + 1 and count + 2. They are far
  // out: a nearer corner can claim a thin triangle along the hull, which is then lost with it.
  const far = 1e4 * span;
  const all = Float64Array.from([
    ...Array.from({ length: points.length }, (_, i) => points[i]!),
    ...[midX - far, midY - span, midX, midY + far, midX + far, midY - span],
  ]);
  let triangles = [withCircle(all, count, count + 1, count + 2)];
  for (let p = 0; p < count; p += 1) {
    const [px, py] = [all[2 * p]!, all[2 * p + 1]!];
    const edges = new Map<string, [number, number]>();
    const kept: TTriangle[] = [];
    for (const triangle of triangles) {
      if ((px - triangle.x) ** 2 + (py - triangle.y) ** 2 > triangle.radius2) {
        kept.push(triangle);
        continue;
      }
      // An edge shared by two replaced triangles is inside the hole: it cancels out.
      for (const [u, v] of [
        [triangle.a, triangle.b],
        [triangle.b, triangle.c],
        [triangle.c, triangle.a],
      ] as [number, number][]) {
        const key = u < v ? `${u},${v}` : `${v},${u}`;
        if (edges.has(key)) edges.delete(key);
        else edges.set(key, [u, v]);
      }
    }
    for (const [u, v] of edges.values()) kept.push(withCircle(all, u, v, p));
    triangles = kept;
  }
  const inner = triangles.filter(({ a, b, c }) => a < count && b < count && c < count);
  return Uint32Array.from(inner.flatMap(({ a, b, c }) => [a, b, c]));
}

/** The corners of the convex hull of `points`, in order around it. */
export function convexHull(points: TPoints): Float64Array {
  const order = Array.from({ length: points.length / 2 }, (_, i) => i).sort(
    (i, j) => points[2 * i]! - points[2 * j]! || points[2 * i + 1]! - points[2 * j + 1]!,
  );
  const cross = (o: number, a: number, b: number) =>
    (points[2 * a]! - points[2 * o]!) * (points[2 * b + 1]! - points[2 * o + 1]!) -
    (points[2 * a + 1]! - points[2 * o + 1]!) * (points[2 * b]! - points[2 * o]!);
  const chain = (indices: number[]) => {
    const hull: number[] = [];
    for (const i of indices) {
      while (hull.length >= 2 && cross(hull.at(-2)!, hull.at(-1)!, i) <= 0) hull.pop();
      hull.push(i);
    }
    hull.pop();
    return hull;
  };
  const hull = [...chain(order), ...chain([...order].reverse())];
  return Float64Array.from(hull.flatMap((i) => [points[2 * i]!, points[2 * i + 1]!]));
}

/** The box around `points`. */
export function pointBounds(points: TPoints) {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < points.length; i += 2) {
    minX = Math.min(minX, points[i]!);
    maxX = Math.max(maxX, points[i]!);
    minY = Math.min(minY, points[i + 1]!);
    maxY = Math.max(maxY, points[i + 1]!);
  }
  return { minX, minY, maxX, maxY };
}
