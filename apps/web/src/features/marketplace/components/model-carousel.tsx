import type { TMarketplaceModel } from '@muse/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useReducer, useRef, type PointerEvent } from 'react';
import { cn } from '../../../lib/cn';

type TImage = TMarketplaceModel['images'][number];

type TCarouselState = {
  index: number;
  /** Images shown so far: they stay in the page so going back shows them at once. */
  seen: ReadonlySet<number>;
};

type TCarouselAction = { type: 'step'; by: 1 | -1 } | { type: 'show'; index: number };

/** A swipe shorter than this (in CSS pixels) is a tap, not a swipe. */
const SWIPE_DISTANCE = 40;

function reducer(count: number) {
  return (state: TCarouselState, action: TCarouselAction): TCarouselState => {
    // Wraps around both ways: after the last comes the first, before the first the last.
    const index = action.type === 'step' ? (state.index + action.by + count) % count : action.index;
    if (index === state.index) return state;
    return { index, seen: new Set(state.seen).add(index) };
  };
}

/**
 * The detail view's photos: previous, next, dots, wrap-around, the arrow keys while
 * the dialog is open, and swipes on touch screens. The current photo's neighbours are already
 * in the page (invisible), so the next one is loaded before it is asked for.
 */
export function ModelCarousel({
  images,
  name,
  className,
}: {
  images: TImage[];
  name: string;
  className?: string;
}) {
  const count = images.length;
  const [state, dispatch] = useReducer(reducer(count), { index: 0, seen: new Set([0]) });
  const swipeStart = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    if (count < 2) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      if (event.key === 'ArrowLeft') dispatch({ type: 'step', by: -1 });
      else if (event.key === 'ArrowRight') dispatch({ type: 'step', by: 1 });
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [count]);

  if (count === 0) return null;

  const previous = (state.index - 1 + count) % count;
  const next = (state.index + 1) % count;
  const inPage = (position: number) =>
    position === state.index ||
    position === next ||
    position === previous ||
    state.seen.has(position);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!event.isPrimary || (event.target as Element).closest('button')) return;
    swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || count < 2) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < Math.abs(dy)) return;
    dispatch({ type: 'step', by: dx < 0 ? 1 : -1 });
  };

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={`Photos of ${name}`}
      className={cn(
        'relative aspect-[3/4] touch-pan-y overflow-hidden bg-ink-800 select-none',
        className,
      )}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (swipeStart.current = null)}
    >
      {images.map((image, position) =>
        inPage(position) ? (
          <img
            key={image.full}
            src={image.full}
            width={image.width}
            height={image.height}
            alt={`${name}, photo ${position + 1} of ${count}`}
            aria-hidden={position === state.index ? undefined : true}
            draggable={false}
            className={cn(
              'absolute inset-0 size-full object-cover transition-opacity duration-300 motion-reduce:transition-none',
              position === state.index ? 'opacity-100' : 'opacity-0',
            )}
          />
        ) : null,
      )}

      {count > 1 ? (
        <>
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 bottom-0 h-24 bg-gradient-to-t from-ink-950/70 to-transparent"
          />
          <p
            aria-hidden="true"
            className="absolute top-3 left-3 rounded-full bg-ink-950/70 px-2.5 py-1 text-xs font-medium text-zinc-100 tabular-nums backdrop-blur"
          >
            {state.index + 1} / {count}
          </p>
          <ArrowButton
            side="left"
            label="Previous photo"
            onClick={() => dispatch({ type: 'step', by: -1 })}
          />
          <ArrowButton
            side="right"
            label="Next photo"
            onClick={() => dispatch({ type: 'step', by: 1 })}
          />
          <div
            role="group"
            aria-label="Choose a photo"
            className="absolute inset-x-0 bottom-2 flex justify-center"
          >
            {images.map((image, position) => (
              <button
                key={image.full}
                type="button"
                aria-label={`Photo ${position + 1} of ${count}`}
                aria-current={position === state.index ? 'true' : undefined}
                onClick={() => dispatch({ type: 'show', index: position })}
                className="group/dot flex size-7 cursor-pointer items-center justify-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'h-2 rounded-full transition-all duration-300',
                    position === state.index
                      ? 'w-5 bg-white'
                      : 'w-2 bg-white/45 group-hover/dot:bg-white/80',
                  )}
                />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}

function ArrowButton({
  side,
  label,
  onClick,
}: {
  side: 'left' | 'right';
  label: string;
  onClick: () => void;
}) {
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={cn(
        'absolute top-1/2 flex size-10 cursor-pointer -translate-y-1/2 items-center justify-center rounded-full border border-white/15 bg-ink-950/60 text-white shadow-lg backdrop-blur transition hover:bg-ink-950/85',
        side === 'left' ? 'left-3' : 'right-3',
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
  );
}
