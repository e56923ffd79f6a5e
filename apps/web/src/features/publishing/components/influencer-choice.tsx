import { INFLUENCER_PAGE_ROUTE, type TInfluencer, type TPageSettings } from '@muse/shared';
import { Link } from 'react-router';
import { InfluencerPicture } from '../../../components/workspace/influencer-picture';
import { cn } from '../../../lib/cn';
import { WEB_PUBLISHING_TEXTS } from '../publishing-texts';

/** An influencer as the composer offers it: its page (undefined while loading, null without one). */
export type TInfluencerOption = { influencer: TInfluencer; page: TPageSettings | null | undefined };

/**
 * Whose post it is. Only an influencer with a handle can post (docs/product/publishing.md); the
 * others are listed, disabled, with a link to their page where the handle is chosen.
 */
export function InfluencerChoice({
  options,
  value,
  onChange,
  error,
  disabled,
}: {
  options: readonly TInfluencerOption[];
  value: string;
  onChange: (influencerId: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="mb-2 text-sm font-medium text-zinc-300">Influencer</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map(({ influencer, page }) => {
          const loading = page === undefined;
          const usable = Boolean(page);
          return (
            <div key={influencer.id} className="min-w-0 space-y-1">
              <label
                className={cn(
                  'flex min-h-14 items-center gap-3 rounded-xl border border-ink-700 bg-ink-950/60 p-2 pr-3 text-sm text-zinc-300 transition-colors has-[:checked]:border-brand-400 has-[:checked]:bg-brand-500/10 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400',
                  usable && !disabled
                    ? 'cursor-pointer hover:border-ink-600'
                    : 'cursor-not-allowed opacity-70',
                )}
              >
                <input
                  type="radio"
                  name="influencerId"
                  value={influencer.id}
                  checked={value === influencer.id}
                  disabled={!usable || disabled}
                  onChange={() => onChange(influencer.id)}
                  className="sr-only"
                />
                <span className="relative size-10 shrink-0 overflow-hidden rounded-lg bg-ink-800">
                  <InfluencerPicture
                    influencer={influencer}
                    initialsClassName="text-sm"
                    imageClassName="size-full object-cover"
                  />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{influencer.name}</span>
                  <span className="block truncate text-xs text-zinc-400">
                    {loading ? 'Checking its page…' : page ? `@${page.handle}` : 'No page yet'}
                  </span>
                </span>
              </label>
              {page === null ? (
                <p className="px-1 text-xs text-zinc-400">
                  <Link
                    to={`${INFLUENCER_PAGE_ROUTE}/${influencer.id}`}
                    className="text-brand-300 underline-offset-2 hover:underline"
                  >
                    {WEB_PUBLISHING_TEXTS.needsHandle}
                  </Link>
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {error ? <p className="text-sm text-red-400">{error}</p> : null}
    </fieldset>
  );
}
