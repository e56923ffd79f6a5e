import { PLATFORM_RULES, PLATFORM_TEXTS, type TPost, type TPostTarget } from '@muse/shared';
import {
  CalendarClock,
  CircleAlert,
  CircleCheck,
  ExternalLink,
  Hourglass,
  Loader2,
  RotateCw,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../components/ui/form';
import { Pill } from '../../../components/ui/pill';
import { toast } from '../../../components/ui/toaster';
import { hasErrorCode } from '../../../lib/api';
import { useRetryTarget } from '../api/retry-target';
import { dayKey, formatDateTime, formatTime } from '../calendar-time';
import {
  accountPlatformName,
  FINAL_FAILURES,
  removalLabel,
  TARGET_STATE_LABELS,
  TARGET_STATE_LOOKS,
} from '../post-targets';
import { formatAgo, formatCount } from '../publishing-format';
import { WEB_PUBLISHING_TEXTS } from '../publishing-texts';

const STATE_ICONS: Record<TPostTarget['state'], LucideIcon> = {
  scheduled: CalendarClock,
  publishing: Loader2,
  published: CircleCheck,
  failed: CircleAlert,
};

const COUNTS = [
  ['views', 'Views'],
  ['likes', 'Likes'],
  ['comments', 'Comments'],
  ['shares', 'Shares'],
] as const;

/** '9:00 AM' on the same day, else the whole date and time, in the creator's zone. */
function formatUntil(iso: string, timeZone: string, now: number): string {
  return dayKey(iso, timeZone) === dayKey(now, timeZone)
    ? formatTime(iso, timeZone)
    : formatDateTime(iso, timeZone);
}

/** A target's state as a small badge: 'Waiting until 2:05 PM' while a platform's limit holds it. */
export function TargetStateBadge({
  target,
  timeZone,
  now,
}: {
  target: TPostTarget;
  timeZone: string;
  now: number;
}) {
  // A copy Muse took down: 'Removed', or the creator's to delete.
  const removal = removalLabel(target);
  if (removal)
    return (
      <Pill
        icon={target.removal?.state === 'removed' ? Trash2 : CircleAlert}
        iconClassName="size-3.5"
        className={`border ${target.removal?.state === 'removed' ? REMOVED_LOOK : TARGET_STATE_LOOKS.failed}`}
      >
        {target.removal?.state === 'removed' ? removal : WEB_PUBLISHING_TEXTS.takenDown}
      </Pill>
    );
  const waiting = target.state === 'scheduled' && target.waitUntil !== null;
  return (
    <Pill
      icon={waiting ? Hourglass : STATE_ICONS[target.state]}
      iconClassName={target.state === 'publishing' ? 'size-3.5 animate-spin' : 'size-3.5'}
      className={`border ${TARGET_STATE_LOOKS[target.state]}`}
    >
      {waiting && target.waitUntil
        ? WEB_PUBLISHING_TEXTS.waitingUntil(formatUntil(target.waitUntil, timeZone, now))
        : TARGET_STATE_LABELS[target.state]}
    </Pill>
  );
}

/**
 * A post's copies on the platforms (docs/product/platform-publishing.md): each with its account,
 * its state, the link once published, the reason and 'Try again' once failed, and what the
 * platform counted. `onUpdated` receives the post as the server answers after 'Try again'.
 */
export function PostTargetsList({
  post,
  timeZone,
  onUpdated,
}: {
  post: TPost;
  timeZone: string;
  onUpdated: (post: TPost) => void;
}) {
  const headingId = useId();
  const retry = useRetryTarget();
  // Read once a render: the relative times and 'Waiting until' are about this moment.
  const [now] = useState(() => Date.now());

  function tryAgain(target: TPostTarget) {
    retry.mutate(
      { postId: post.id, platform: target.platform },
      {
        onSuccess: onUpdated,
        onError: (error) =>
          toast.error(
            hasErrorCode(error, 'TARGET_NOT_FAILED')
              ? PLATFORM_TEXTS.targetNotFailed
              : errorText(error, WEB_PUBLISHING_TEXTS.retryFailed),
          ),
      },
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-sm font-medium text-zinc-300">
          {WEB_PUBLISHING_TEXTS.platformsList}
        </h3>
        {post.onPage ? null : (
          <span className="text-xs text-zinc-400">{WEB_PUBLISHING_TEXTS.notOnPage}</span>
        )}
      </div>
      <ul className="space-y-2">
        {post.targets.map((target) => (
          <TargetRow
            key={target.platform}
            target={target}
            timeZone={timeZone}
            now={now}
            retrying={retry.isPending && retry.variables.platform === target.platform}
            retryDisabled={retry.isPending}
            onRetry={() => tryAgain(target)}
          />
        ))}
      </ul>
    </section>
  );
}

function TargetRow({
  target,
  timeZone,
  now,
  retrying,
  retryDisabled,
  onRetry,
}: {
  target: TPostTarget;
  timeZone: string;
  now: number;
  retrying: boolean;
  retryDisabled: boolean;
  onRetry: () => void;
}) {
  const nameId = useId();
  const name = PLATFORM_RULES[target.platform].name;
  return (
    <li
      aria-labelledby={nameId}
      className="space-y-2.5 rounded-xl border border-ink-800 bg-ink-950/60 p-3 text-sm"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
        <span id={nameId} className="font-medium text-zinc-100">
          {name}
        </span>
        {target.username ? (
          <span className="min-w-0 truncate text-xs text-zinc-400">@{target.username}</span>
        ) : null}
        <span className="ml-auto">
          <TargetStateBadge target={target} timeZone={timeZone} now={now} />
        </span>
      </div>

      {target.removal ? (
        <RemovalNote target={target} name={accountPlatformName(target.platform)} />
      ) : null}

      {target.state === 'published' && target.url && !target.removal ? (
        <a
          href={target.url}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1.5 text-brand-300 underline-offset-2 hover:underline"
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {WEB_PUBLISHING_TEXTS.viewOn(name)}
          <span className="sr-only">{WEB_PUBLISHING_TEXTS.opensInNewTab}</span>
        </a>
      ) : null}

      {target.state === 'failed' ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          {target.failure ? (
            <p className="min-w-0 text-red-300 wrap-anywhere">{target.failure.message}</p>
          ) : null}
          {target.failure && FINAL_FAILURES.includes(target.failure.code) ? null : (
            <Button
              variant="outline"
              size="sm"
              onClick={onRetry}
              disabled={retryDisabled}
              className="shrink-0"
            >
              {retrying ? (
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <RotateCw aria-hidden="true" className="size-4" />
              )}
              {retrying ? WEB_PUBLISHING_TEXTS.retrying : PLATFORM_TEXTS.tryAgain}
              <span className="sr-only"> on {name}</span>
            </Button>
          )}
        </div>
      ) : null}

      {target.counts ? (
        <div className="space-y-1.5">
          <dl className="grid grid-cols-4 gap-2">
            {COUNTS.map(([key, label]) => {
              const count = target.counts?.[key];
              return (
                <div key={key} className="min-w-0">
                  <dt className="truncate text-xs text-zinc-400">{label}</dt>
                  <dd className="font-semibold text-zinc-100 tabular-nums">
                    {count === null || count === undefined ? '—' : formatCount(count)}
                  </dd>
                </div>
              );
            })}
          </dl>
          <p className="text-xs text-zinc-500">
            <time dateTime={target.counts.readAt}>
              {WEB_PUBLISHING_TEXTS.readAt(formatAgo(target.counts.readAt, now))}
            </time>
          </p>
        </div>
      ) : null}
    </li>
  );
}

/** A removed copy's look: done, and quiet. */
const REMOVED_LOOK = 'border-zinc-500/40 bg-zinc-500/15 text-zinc-200';

/**
 * What became of a copy Muse took down (docs/product/platform-publishing.md, 'Takedown'):
 * 'Removed', or 'Delete it on <Platform>' with its link, and why Muse could not.
 */
function RemovalNote({ target, name }: { target: TPostTarget; name: string }) {
  const removal = target.removal!;
  if (removal.state === 'removed')
    return <p className="text-zinc-300">{removal.message ?? PLATFORM_TEXTS.removed}</p>;
  return (
    <div className="space-y-1.5">
      {removal.message ? (
        <p className="min-w-0 text-red-300 wrap-anywhere">{removal.message}</p>
      ) : null}
      {target.url ? (
        <a
          href={target.url}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1.5 font-medium text-brand-300 underline-offset-2 hover:underline"
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {PLATFORM_TEXTS.deleteOn(name)}
          <span className="sr-only">{WEB_PUBLISHING_TEXTS.opensInNewTab}</span>
        </a>
      ) : (
        <p className="font-medium text-zinc-200">{PLATFORM_TEXTS.deleteOn(name)}</p>
      )}
    </div>
  );
}
