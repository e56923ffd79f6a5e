import type { TInfluencer } from '@muse/shared';
import { cn } from '../../lib/cn';
import { initialsOf } from '../../lib/initials';

/**
 * An influencer's picture filling its frame (the thumbnail when there is one), or, without a
 * picture, the same pink-to-violet placeholder with their initials wherever they appear.
 */
export function InfluencerPicture({
  influencer,
  initialsClassName,
  imageClassName,
  whole = false,
}: {
  influencer: Pick<TInfluencer, 'name' | 'image' | 'thumbnail'>;
  /** The initials' size, e.g. `text-xl` on a small card. */
  initialsClassName: string;
  imageClassName?: string;
  /** The whole picture, never cropped, over a blurred copy of itself (a portrait's face stays whole). */
  whole?: boolean;
}) {
  const picture = influencer.thumbnail ?? influencer.image;
  if (picture && whole) {
    return (
      <>
        <img
          src={picture}
          alt=""
          aria-hidden="true"
          loading="lazy"
          className="absolute inset-0 size-full scale-110 object-cover opacity-50 blur-xl"
        />
        <img
          src={picture}
          alt={`Picture of ${influencer.name}`}
          loading="lazy"
          className={cn('absolute inset-0 size-full object-contain', imageClassName)}
        />
      </>
    );
  }
  if (picture) {
    return (
      <img
        src={picture}
        alt={`Picture of ${influencer.name}`}
        loading="lazy"
        className={cn('absolute inset-0 size-full object-cover', imageClassName)}
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className="absolute inset-0 grid place-items-center bg-ink-800 bg-[radial-gradient(120%_120%_at_0%_0%,rgba(236,72,153,0.45),transparent_60%),radial-gradient(120%_120%_at_100%_100%,rgba(139,92,246,0.45),transparent_60%)]"
    >
      <span className={cn('font-bold tracking-tight text-white/90', initialsClassName)}>
        {initialsOf(influencer.name)}
      </span>
    </div>
  );
}
