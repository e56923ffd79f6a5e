import type { TJobFile } from '@muse/shared';
import { MoveHorizontal } from 'lucide-react';
import { useState } from 'react';
import { formatSize } from '../../../lib/media-format';

/**
 * The input and the result drawn at the same size, split by a divider the reader drags (or moves
 * with the arrow keys: it is a range input): left of it the original, right of it the result.
 */
export function BeforeAfter({ before, after }: { before: TJobFile; after: TJobFile }) {
  const [position, setPosition] = useState(50);
  return (
    <figure className="space-y-2">
      <div
        className="relative mx-auto max-h-[28rem] overflow-hidden rounded-xl border border-ink-700 bg-ink-950 select-none has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400"
        style={{ aspectRatio: `${after.width} / ${after.height}` }}
      >
        <img
          src={before.url}
          alt={`Original, ${formatSize(before)}`}
          className="absolute inset-0 size-full object-contain"
          draggable={false}
        />
        <img
          src={after.url}
          alt={`Upscaled result, ${formatSize(after)}`}
          className="absolute inset-0 size-full object-contain"
          style={{ clipPath: `inset(0 0 0 ${position}%)` }}
          draggable={false}
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white/90 shadow-[0_0_8px_rgba(0,0,0,0.6)]"
          style={{ left: `${position}%` }}
        >
          <span className="absolute top-1/2 left-1/2 grid size-8 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-white text-ink-900 shadow-lg">
            <MoveHorizontal className="size-4" />
          </span>
        </div>
        <span className="pointer-events-none absolute top-2 left-2 rounded-md bg-black/70 px-2 py-0.5 text-xs font-medium text-zinc-100">
          Before
        </span>
        <span className="pointer-events-none absolute top-2 right-2 rounded-md bg-black/70 px-2 py-0.5 text-xs font-medium text-zinc-100">
          After
        </span>
        <input
          type="range"
          min={0}
          max={100}
          value={position}
          onChange={(event) => setPosition(Number(event.target.value))}
          aria-label="Before and after divider"
          aria-valuetext={`${position}% original`}
          className="absolute inset-0 size-full cursor-ew-resize opacity-0"
        />
      </div>
      <figcaption className="text-center text-xs text-zinc-400">
        Drag to compare the original with the result
      </figcaption>
    </figure>
  );
}
