import type { TActivityEntry } from '@muse/shared';
import { CalendarCheck, History, Settings2, UserRound, Wand2, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { PageHeading } from '../../components/layout/page-heading';
import { errorText } from '../../components/ui/form';
import { LoadMore } from '../../components/ui/load-more';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { formatAgo } from '../../lib/format-date';
import { describeActivity } from './activity-lines';
import { useActivity } from './api/get-activity';

const SUBJECT_ICONS: Record<string, LucideIcon> = {
  post: CalendarCheck,
  job: Wand2,
  member: UserRound,
  workspace: Settings2,
};

/** 'Monday, July 13' (with the year when it is not this one), on the reader's own clock. */
const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
});
const dayWithYear = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const fullFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** '2026-07-13': a day on the reader's clock, to group lines by. */
const dayKeyFormat = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function dayHeading(key: string, now: number): string {
  const today = dayKeyFormat.format(now);
  const yesterday = dayKeyFormat.format(now - 24 * 60 * 60 * 1000);
  if (key === today) return 'Today';
  if (key === yesterday) return 'Yesterday';
  const date = new Date(`${key}T12:00:00`);
  return (key.slice(0, 4) === today.slice(0, 4) ? dayFormat : dayWithYear).format(date);
}

/** The lines, each once, grouped by day, newest first. */
function byDay(lines: readonly TActivityEntry[]): [string, TActivityEntry[]][] {
  const seen = new Set<string>();
  const days = new Map<string, TActivityEntry[]>();
  for (const line of lines) {
    if (seen.has(line.id)) continue;
    seen.add(line.id);
    const key = dayKeyFormat.format(new Date(line.at));
    const day = days.get(key);
    if (day) day.push(line);
    else days.set(key, [line]);
  }
  return [...days];
}

/**
 * The workspace's activity (docs/product/teams.md, 'Activity'): who did what, newest first, a
 * hundred lines at a time with Load more: posts made, sent for approval, approved or sent back,
 * changed and deleted; tools started; members invited, joining, changing role and leaving; the
 * workspace renamed or approval turned on or off. Lines are kept 90 days. Every member sees it.
 */
export function ActivityPage() {
  const activity = useActivity();
  const [now] = useState(() => Date.now());

  let body;
  if (activity.isPending) body = <Spinner label="Loading activity..." className="py-20" />;
  else if (activity.isError && !activity.data)
    body = (
      <QueryError
        query={activity}
        title="The activity could not be loaded."
        detail={errorText(activity.error)}
      />
    );
  else {
    const days = byDay(activity.data.pages.flatMap((page) => page.activity));
    body =
      days.length === 0 ? (
        <section
          aria-labelledby="activity-empty-heading"
          className="flex flex-col items-center rounded-2xl border border-dashed border-ink-700 bg-ink-900/40 px-6 py-16 text-center"
        >
          <span className="grid size-16 place-items-center rounded-2xl bg-gradient-to-br from-brand-500/20 to-accent-500/20 text-brand-300">
            <History aria-hidden="true" className="size-8" />
          </span>
          <h2 id="activity-empty-heading" className="mt-5 text-xl font-semibold text-white">
            No activity yet
          </h2>
          <p className="mt-2 max-w-md text-sm text-zinc-400">
            What the members of this workspace do shows here: posts made, approved or sent back,
            tools started, members joining.
          </p>
        </section>
      ) : (
        <div className="space-y-6">
          {days.map(([key, lines]) => (
            <section key={key} aria-labelledby={`activity-${key}`} className="space-y-2">
              <h2
                id={`activity-${key}`}
                className="text-xs font-semibold tracking-[0.08em] text-zinc-400 uppercase"
              >
                {dayHeading(key, now)}
              </h2>
              <ul className="divide-y divide-ink-800 overflow-hidden rounded-2xl border border-ink-800 bg-ink-900/70">
                {lines.map((line) => (
                  <ActivityLine key={line.id} line={line} now={now} />
                ))}
              </ul>
            </section>
          ))}
          {activity.isFetchNextPageError ? (
            <p role="alert" className="text-center text-sm text-red-300">
              More activity could not be loaded: {errorText(activity.error)}
            </p>
          ) : null}
          <LoadMore query={activity} />
        </div>
      );
  }

  return (
    <>
      <PageHeading title="Activity">
        Who did what in this workspace, newest first. Lines are kept for 90 days.
      </PageHeading>
      {body}
    </>
  );
}

function ActivityLine({ line, now }: { line: TActivityEntry; now: number }) {
  const Icon = SUBJECT_ICONS[line.subjectType] ?? History;
  const { phrase, detail } = describeActivity(line);
  return (
    <li className="flex items-start gap-3 px-4 py-3 sm:px-5">
      <span className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-full bg-ink-800 text-zinc-300">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1 sm:flex sm:items-baseline sm:gap-4">
        <div className="min-w-0 flex-1">
          <p className="text-sm text-zinc-300 wrap-anywhere">
            {line.actor ? (
              <span className="font-semibold text-white">{line.actor}</span>
            ) : (
              <span
                className="font-semibold text-white"
                title="A program’s key, Muse itself, or a member who has left"
              >
                Someone
              </span>
            )}{' '}
            {phrase}
            {detail ? <span className="sr-only">:</span> : null}
          </p>
          {detail ? <p className="mt-0.5 text-sm text-zinc-400 wrap-anywhere">{detail}</p> : null}
        </div>
        <time
          dateTime={line.at}
          title={fullFormat.format(new Date(line.at))}
          className="mt-1 block shrink-0 text-xs text-zinc-400 tabular-nums sm:mt-0"
        >
          {formatAgo(line.at, now)}
        </time>
      </div>
    </li>
  );
}
