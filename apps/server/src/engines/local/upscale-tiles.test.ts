import { describe, expect, it } from 'vitest';
import {
  axisWeights,
  OVERLAPPING_LAYOUT,
  planAxis,
  seamPositions,
  STANDARD_LAYOUT,
  type TSpan,
} from './upscale-tiles';

function checkCover(spans: TSpan[], length: number, window: number, overlap: number) {
  expect(spans[0]!.start).toBe(0);
  expect(spans.at(-1)!.start + spans.at(-1)!.size).toBe(length);
  const size = spans[0]!.size;
  for (const span of spans) expect(span.size).toBe(size);
  expect(size).toBeLessThanOrEqual(window + 1);
  for (let i = 1; i < spans.length; i += 1) {
    expect(spans[i - 1]!.start + size - spans[i]!.start).toBeGreaterThanOrEqual(overlap);
  }
}

describe('upscale tiles', () => {
  it('covers any length with equal windows that overlap enough', () => {
    for (const layout of [STANDARD_LAYOUT, OVERLAPPING_LAYOUT]) {
      for (let length = 1; length <= 700; length += 1) {
        checkCover(
          planAxis(length, layout.window, layout.overlap),
          length,
          layout.window,
          layout.overlap,
        );
      }
    }
    expect(planAxis(100, 112, 16)).toEqual([{ start: 0, size: 100 }]);
    expect(planAxis(200, 112, 16)).toEqual([
      { start: 0, size: 108 },
      { start: 92, size: 108 },
    ]);
  });

  it('weights every output pixel exactly once (cut) or with a sum of 1 (ramp)', () => {
    const scale = 4;
    for (const layout of [STANDARD_LAYOUT, OVERLAPPING_LAYOUT]) {
      for (const length of [50, 113, 200, 256, 333, 512]) {
        const spans = planAxis(length, layout.window, layout.overlap);
        const sum = new Float64Array(length * scale);
        spans.forEach((span, i) => {
          const weights = axisWeights(spans, i, scale, layout);
          expect(weights.length).toBe(span.size * scale);
          weights.forEach((w, u) => {
            expect(w).toBeGreaterThanOrEqual(0);
            expect(w).toBeLessThanOrEqual(1);
            sum[span.start * scale + u]! += w;
          });
        });
        for (const total of sum) expect(total).toBeCloseTo(1, 5);
      }
    }
  });

  it('gives no weight to the context at shared window edges', () => {
    const spans = planAxis(256, 112, 48);
    const middle = axisWeights(spans, 1, 4, OVERLAPPING_LAYOUT);
    expect(middle.slice(0, 32).every((w) => w === 0)).toBe(true);
    expect(middle.slice(-32).every((w) => w === 0)).toBe(true);
    expect(Math.max(...middle)).toBe(1);

    const cut = planAxis(256, 112, 16);
    const first = axisWeights(cut, 0, 4, STANDARD_LAYOUT);
    const zeros = first.length - first.lastIndexOf(1) - 1;
    expect(zeros).toBeGreaterThanOrEqual(8 * 4);
    expect(seamPositions(cut, 4, STANDARD_LAYOUT)).toHaveLength(cut.length - 1);
  });
});
