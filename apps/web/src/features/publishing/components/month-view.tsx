import type { TPost } from '@muse/shared';
import { Plus } from 'lucide-react';
import { cn } from '../../../lib/cn';
import {
  dayKey,
  dayOfMonth,
  formatDay,
  formatMonth,
  inMonth,
  monthWeeks,
  WEEKDAYS,
  type TDayKey,
  type TMonth,
} from '../calendar-time';
import { PostChip } from './post-chip';

/** The posts of each day, in the creator's zone, earliest first. */
export function postsByDay(posts: readonly TPost[], timeZone: string): Map<TDayKey, TPost[]> {
  const days = new Map<TDayKey, TPost[]>();
  const sorted = [...posts].sort((a, b) => a.publishAt.localeCompare(b.publishAt));
  for (const post of sorted) {
    const key = dayKey(post.publishAt, timeZone);
    const list = days.get(key);
    if (list) list.push(post);
    else days.set(key, [post]);
  }
  return days;
}

type TMonthViewProps = {
  month: TMonth;
  posts: readonly TPost[];
  timeZone: string;
  today: TDayKey;
  onOpen: (post: TPost) => void;
  /** A day's '+': a new post on that day. */
  onAdd: (day: TDayKey) => void;
  /** Each day's number of posts, where the answer holds only the first few of a day. */
  dayCounts: Readonly<Record<string, number>>;
  /** A busy day's '+N more': all its posts. */
  onShowDay: (day: TDayKey) => void;
};

/** '+2 more' under a day whose answer holds only its first posts. */
function MoreButton({
  day,
  hidden,
  onShowDay,
}: {
  day: TDayKey;
  hidden: number;
  onShowDay: (day: TDayKey) => void;
}) {
  if (hidden <= 0) return null;
  return (
    <button
      type="button"
      onClick={() => onShowDay(day)}
      aria-label={`${hidden} more post${hidden === 1 ? '' : 's'} on ${formatDay(day)}`}
      className="mt-1 w-full rounded-md px-1.5 py-0.5 text-left text-xs font-medium text-brand-300 hover:bg-ink-700 focus-visible:outline-2 focus-visible:outline-brand-400"
    >
      +{hidden} more
    </button>
  );
}

/**
 * The month as a table of weeks, Monday first, today marked, each day with its posts; on a phone
 * the same posts as a list of days, so nothing overflows a narrow screen.
 */
export function MonthView(props: TMonthViewProps) {
  const days = postsByDay(props.posts, props.timeZone);
  return (
    <>
      <MonthTable {...props} days={days} />
      <MonthList {...props} days={days} />
    </>
  );
}

function AddButton({ day, onAdd }: { day: TDayKey; onAdd: (day: TDayKey) => void }) {
  return (
    <button
      type="button"
      onClick={() => onAdd(day)}
      aria-label={`New post on ${formatDay(day)}`}
      title="New post"
      className="grid size-6 shrink-0 place-items-center rounded-md text-zinc-500 transition-colors hover:bg-ink-700 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400"
    >
      <Plus aria-hidden="true" className="size-3.5" />
    </button>
  );
}

function MonthTable({
  month,
  timeZone,
  today,
  onOpen,
  onAdd,
  onShowDay,
  dayCounts,
  days,
}: TMonthViewProps & { days: Map<TDayKey, TPost[]> }) {
  return (
    <div className="hidden overflow-hidden rounded-2xl border border-ink-800 sm:block">
      <table className="w-full table-fixed border-collapse">
        <caption className="sr-only">Posts in {formatMonth(month)}</caption>
        <thead className="bg-ink-900/80">
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th
                key={weekday.long}
                scope="col"
                className="px-2 py-2 text-left text-xs font-semibold tracking-wide text-zinc-400 uppercase"
              >
                <abbr title={weekday.long} className="no-underline">
                  {weekday.short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week[0]} className="border-t border-ink-800">
              {week.map((day) => {
                const posts = days.get(day) ?? [];
                const isToday = day === today;
                const outside = !inMonth(day, month);
                return (
                  <td
                    key={day}
                    aria-current={isToday ? 'date' : undefined}
                    className={cn(
                      'h-28 border-l border-ink-800 p-1.5 align-top first:border-l-0',
                      outside ? 'bg-ink-950/60' : 'bg-ink-900/40',
                      isToday && 'bg-brand-500/5',
                    )}
                  >
                    <div className="flex items-center justify-between gap-1">
                      <span
                        className={cn(
                          'grid size-6 place-items-center rounded-full text-xs font-semibold tabular-nums',
                          isToday
                            ? 'bg-brand-600 text-white'
                            : outside
                              ? 'text-zinc-400'
                              : 'text-zinc-300',
                        )}
                      >
                        <span aria-hidden="true">{dayOfMonth(day)}</span>
                        <span className="sr-only">
                          {formatDay(day)}
                          {isToday ? ', today' : ''}
                        </span>
                      </span>
                      {day >= today ? <AddButton day={day} onAdd={onAdd} /> : null}
                    </div>
                    {posts.length ? (
                      <ul aria-label={`Posts on ${formatDay(day)}`} className="mt-1 space-y-1">
                        {posts.map((post) => (
                          <li key={post.id}>
                            <PostChip post={post} timeZone={timeZone} onOpen={onOpen} />
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    <MoreButton
                      day={day}
                      hidden={(dayCounts[day] ?? 0) - posts.length}
                      onShowDay={onShowDay}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A phone's month: only the days that have posts, each under its own heading. */
function MonthList({
  month,
  timeZone,
  today,
  onOpen,
  onAdd,
  onShowDay,
  dayCounts,
  days,
}: TMonthViewProps & { days: Map<TDayKey, TPost[]> }) {
  const inThisMonth = [...days.entries()].filter(([day]) => inMonth(day, month));
  // Today is listed even without posts: it is marked, and its '+' is at hand.
  if (inMonth(today, month) && !days.has(today)) inThisMonth.push([today, []]);
  inThisMonth.sort(([a], [b]) => a.localeCompare(b));
  if (inThisMonth.length === 0)
    return (
      <p className="rounded-2xl border border-dashed border-ink-700 px-4 py-8 text-center text-sm text-zinc-400 sm:hidden">
        No posts in {formatMonth(month)} yet.
      </p>
    );
  return (
    <ol aria-label={`Posts in ${formatMonth(month)}`} className="space-y-3 sm:hidden">
      {inThisMonth.map(([day, posts]) => (
        <li
          key={day}
          aria-current={day === today ? 'date' : undefined}
          className={cn(
            'rounded-xl border p-3',
            day === today ? 'border-brand-400/40 bg-brand-500/5' : 'border-ink-800 bg-ink-900/60',
          )}
        >
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-white">
              {formatDay(day)}
              {day === today ? <span className="ml-2 text-xs text-brand-300">Today</span> : null}
            </h3>
            {day >= today ? <AddButton day={day} onAdd={onAdd} /> : null}
          </div>
          {posts.length ? (
            <ul aria-label={`Posts on ${formatDay(day)}`} className="mt-2 space-y-1.5">
              {posts.map((post) => (
                <li key={post.id}>
                  <PostChip
                    post={post}
                    timeZone={timeZone}
                    onOpen={onOpen}
                    wide
                    className="p-1.5 text-sm"
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-xs text-zinc-400">No posts</p>
          )}
          <MoreButton
            day={day}
            hidden={(dayCounts[day] ?? 0) - posts.length}
            onShowDay={onShowDay}
          />
        </li>
      ))}
    </ol>
  );
}
