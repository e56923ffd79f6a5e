import { ScanFace } from 'lucide-react';
import { useId } from 'react';
import { useScoreImage } from '../api/score-image';
import { PHOTO_ACCEPT } from '../photo-files';

/** Scores any image against the persona: 0–100, or why no score can be given. */
export function IdentityScorePanel({ influencerId }: { influencerId: string }) {
  const score = useScoreImage(influencerId);
  const inputId = useId();
  const result = score.data;
  return (
    <section
      aria-labelledby="score-heading"
      className="space-y-3 rounded-2xl border border-ink-800 bg-ink-900/70 p-5"
    >
      <h2 id="score-heading" className="flex items-center gap-2 text-lg font-semibold text-white">
        <ScanFace aria-hidden="true" className="size-5 text-brand-300" />
        Identity score
      </h2>
      <p className="text-sm text-zinc-400">
        How closely the face in an image matches this persona&apos;s reference photos.
      </p>
      <label
        htmlFor={inputId}
        className="inline-flex h-10 cursor-pointer items-center rounded-lg border border-ink-600 px-4 text-sm text-zinc-100 hover:border-brand-400 focus-within:outline-2 focus-within:outline-brand-400"
      >
        {score.isPending ? 'Scoring…' : 'Choose an image to score'}
        <input
          id={inputId}
          type="file"
          accept={PHOTO_ACCEPT}
          className="sr-only"
          disabled={score.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) score.mutate(file);
            event.target.value = '';
          }}
        />
      </label>
      <div role="status" className="text-sm">
        {score.error ? <p className="text-red-300">{score.error.message}</p> : null}
        {result ? (
          result.score === null ? (
            <p className="text-zinc-300">{result.reason}</p>
          ) : (
            <div className="space-y-2">
              <p className="font-semibold text-white">
                Identity score {result.score} / 100
                {result.faces > 1 ? (
                  <span className="font-normal text-zinc-400">
                    {' '}
                    (the most alike of {result.faces} faces)
                  </span>
                ) : null}
              </p>
              <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-ink-800">
                <div
                  className="h-full rounded-full bg-gradient-to-r from-brand-500 to-accent-500"
                  style={{ width: `${result.score}%` }}
                />
              </div>
            </div>
          )
        ) : null}
      </div>
    </section>
  );
}
