import { Pause, Play } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useHydrated } from '../../components/layout/use-hydrated';

/** Rendered by scripts/media/make-hero-video.sh; 1280x720, 8 s, a seamless loop. */
const VIDEO = {
  webm: '/media/hero.webm',
  mp4: '/media/hero.mp4',
  poster: '/media/hero-poster.webp',
  width: 1280,
  height: 720,
};

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToLoad(onLoad: () => void) {
  window.addEventListener('load', onLoad);
  return () => window.removeEventListener('load', onLoad);
}

const pageLoaded = () => document.readyState === 'complete';

/**
 * The hero's looping light: muted, inline and playing by itself, unless the visitor asked for
 * reduced motion, who sees the poster and may start it. It fills its parent, which fixes the
 * size, so nothing moves when it loads; the button pauses it (moving content must be stoppable).
 */
export function HeroVideo() {
  // The prerendered page cannot know the visitor's preference, and the clip is the heaviest
  // file of the page: it waits until the page has loaded and hydrated, then plays unless reduced
  // motion was asked for (docs/decisions/0034-prerendered-public-pages.md).
  const loaded = useSyncExternalStore(subscribeToLoad, pageLoaded, () => false);
  const autoPlay = useMemo(() => loaded && !window.matchMedia(REDUCED_MOTION).matches, [loaded]);
  const [playing, setPlaying] = useState(false);
  const hydrated = useHydrated();
  const video = useRef<HTMLVideoElement | null>(null);

  useEffect(() => {
    if (autoPlay) video.current?.play().catch(() => setPlaying(false));
  }, [autoPlay]);

  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) element.play().catch(() => setPlaying(false));
    else element.pause();
  };

  return (
    <>
      <video
        ref={(element) => {
          video.current = element;
          // React sets only the property; the attribute keeps autoplay muted everywhere.
          if (element) element.defaultMuted = true;
        }}
        className="absolute inset-0 size-full object-cover"
        width={VIDEO.width}
        height={VIDEO.height}
        poster={VIDEO.poster}
        autoPlay={autoPlay}
        muted
        loop
        playsInline
        preload={autoPlay ? 'auto' : 'none'}
        disablePictureInPicture
        aria-hidden="true"
        tabIndex={-1}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      >
        <source src={VIDEO.webm} type="video/webm" />
        <source src={VIDEO.mp4} type="video/mp4" />
      </video>
      <button
        type="button"
        disabled={!hydrated}
        onClick={toggle}
        aria-label={playing ? 'Pause the video' : 'Play the video'}
        className="absolute top-3 right-3 z-10 flex size-9 items-center justify-center rounded-full border border-white/15 bg-ink-950/60 text-white backdrop-blur transition-colors hover:bg-ink-950/80"
      >
        {playing ? (
          <Pause aria-hidden="true" className="size-4" />
        ) : (
          <Play aria-hidden="true" className="size-4" />
        )}
      </button>
    </>
  );
}
