import { INFLUENCER_PAGE_ROUTE, VIDEO_TEXTS, type TInfluencer, type TJob } from '@muse/shared';
import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { InfluencerPicture } from '../../../../components/workspace/influencer-picture';

/** The picture a running job starts from, shown faded under its progress. */
export function JobStill({ job, alt }: { job: TJob | null; alt: string }) {
  const input = job?.input;
  if (!input || !input.contentType.startsWith('image/')) return null;
  return (
    <img
      src={input.url}
      alt={alt}
      className="mx-auto max-h-80 w-full max-w-sm rounded-xl object-contain"
    />
  );
}

/** What a tool says of the persona's photo it starts from, in its own words. */
export type TPersonaStillWords = {
  /** After 'Create one': what the new influencer is for ('to animate its photos'). */
  purpose: string;
  /** No influencer chosen yet. */
  choose: string;
  /** A ready persona: what Muse does with its photo. */
  ready: (name: string) => string;
};

/**
 * "Persona's photo": which persona's best reference photo the server takes, or what is missing
 * (no influencer yet, none chosen, or one without a reference photo).
 */
export function PersonaStill({
  persona,
  hasInfluencers,
  error,
  words,
}: {
  persona: TInfluencer | null;
  hasInfluencers: boolean;
  error: string | null;
  words: TPersonaStillWords;
}) {
  let body;
  if (!hasInfluencers) {
    body = (
      <p className="text-sm text-zinc-400">
        You have no influencers yet.{' '}
        <Link to="/influencers" className="text-brand-300 underline-offset-2 hover:underline">
          Create one
        </Link>{' '}
        {words.purpose}.
      </p>
    );
  } else if (!persona) {
    body = <p className="text-sm text-zinc-400">{words.choose}</p>;
  } else if (!persona.ready) {
    body = (
      <p className="text-sm text-amber-200/90">
        {VIDEO_TEXTS.personaNotReady}{' '}
        <Link
          to={`${INFLUENCER_PAGE_ROUTE}/${persona.id}`}
          className="text-brand-300 underline-offset-2 hover:underline"
        >
          Open {persona.name}
        </Link>
      </p>
    );
  } else {
    body = (
      <div className="flex items-center gap-3">
        <span className="relative size-14 shrink-0 overflow-hidden rounded-xl bg-ink-800">
          <InfluencerPicture
            influencer={persona}
            initialsClassName="text-base"
            imageClassName="size-full object-cover"
          />
        </span>
        <p className="text-sm text-zinc-300">{words.ready(persona.name)}</p>
      </div>
    );
  }
  return (
    <div className="space-y-2 rounded-2xl border border-ink-700 bg-ink-950/60 p-4">
      <p className="flex items-center gap-2 text-sm font-medium text-zinc-300">
        <UserRound aria-hidden="true" className="size-4 text-brand-300" />
        Persona&apos;s photo
      </p>
      {body}
      {error ? (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
