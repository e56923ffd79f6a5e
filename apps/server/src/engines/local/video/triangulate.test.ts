import { describe, expect, it } from 'vitest';
import { convexHull, delaunay } from './triangulate';

/** Points scattered by a fixed recipe (no two alike), in a 100 × 80 box. */
function scattered(count: number): Float64Array {
  const points = new Float64Array(count * 2);
  let seed = 7;
  const next = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let i = 0; i < count; i += 1)
    [points[2 * i], points[2 * i + 1]] = [next() * 100, next() * 80];
  return points;
}

/** The area of the polygon with these corners, in order. */
function polygonArea(corners: Float64Array): number {
  let twice = 0;
  for (let i = 0; i < corners.length; i += 2) {
    const j = (i + 2) % corners.length;
    twice += corners[i]! * corners[j + 1]! - corners[j]! * corners[i + 1]!;
  }
  return Math.abs(twice) / 2;
}

function circumcircle(corners: Float64Array) {
  const [ax, ay, bx, by, cx, cy] = Array.from(corners) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by));
  const [a2, b2, c2] = [ax * ax + ay * ay, bx * bx + by * by, cx * cx + cy * cy];
  const x = (a2 * (by - cy) + b2 * (cy - ay) + c2 * (ay - by)) / d;
  const y = (a2 * (cx - bx) + b2 * (ax - cx) + c2 * (bx - ax)) / d;
  return { x, y, radius2: (ax - x) ** 2 + (ay - y) ** 2 };
}

describe('the face mesh geometry', () => {
  it('hulls a set of points by its outer corners', () => {
    const square = Float64Array.from([0, 0, 10, 0, 10, 10, 0, 10, 5, 5, 2, 7, 10, 5]);
    const hull = convexHull(square);
    expect(hull).toHaveLength(8);
    expect(polygonArea(hull)).toBe(100);
  });

  it('triangulates points into Delaunay triangles that tile their hull', () => {
    const points = scattered(300);
    const triangles = delaunay(points);
    const hull = convexHull(points);
    // A triangulation of n points with h on the hull has 2n − 2 − h triangles.
    expect(triangles.length / 3).toBe(2 * 300 - 2 - hull.length / 2);
    let area = 0;
    let intruders = 0;
    for (let t = 0; t < triangles.length; t += 3) {
      const corners = Float64Array.from(
        [0, 1, 2].flatMap((k) => {
          const p = triangles[t + k]!;
          return [points[2 * p]!, points[2 * p + 1]!];
        }),
      );
      area += polygonArea(corners);
      const circle = circumcircle(corners);
      for (let p = 0; p < points.length / 2; p += 1) {
        const distance2 = (points[2 * p]! - circle.x) ** 2 + (points[2 * p + 1]! - circle.y) ** 2;
        if (distance2 < circle.radius2 - 1e-6) intruders += 1;
      }
    }
    // No point lies inside a triangle's circumcircle: the Delaunay property.
    expect(intruders).toBe(0);
    expect(area).toBeCloseTo(polygonArea(hull), 6);
  });
});
