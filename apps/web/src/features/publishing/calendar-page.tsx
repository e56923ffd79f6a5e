import type { TPost, TScheduleQuota } from '@muse/shared';
import { CalendarDays, ChevronLeft, ChevronRight, List, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { Button } from '../../components/ui/button';
import { useGalleryItem } from '../../lib/gallery';
import { useCan, useOpenWorkspace } from '../../lib/workspaces';
import { QueryError } from '../../components/ui/query-error';
import { Select } from '../../components/ui/form/select';
import { Spinner } from '../../components/ui/spinner';
import { UpgradeModal, type TUpgradeModal } from '../../components/workspace/upgrade-modal';
import { usePosts, type TPostsParams } from './api/get-posts';
import {
  addDays,
  addMonths,
  creatorTimeZone,
  dayKey,
  describeTimeZone,
  formatMonth,
  isoInZone,
  monthKey,
  monthOf,
  monthWeeks,
  rememberTimeZone,
  timeZoneChoices,
  zonedInstant,
  type TDayKey,
  type TMonth,
} from './calendar-time';
import { DayPostsDialog } from './components/day-posts-dialog';
import { MonthView } from './components/month-view';
import { PostComposerDialog, type TComposerStart } from './components/post-composer-dialog';
import { PostDetailsDialog } from './components/post-details-dialog';
import { PostList } from './components/post-list';
import { Tabs } from './components/tabs';
import { WEB_PUBLISHING_TEXTS } from './publishing-texts';

const DAY_MS = 24 * 60 * 60 * 1000;

type TView = 'month' | 'list';

const VIEWS = [
  { value: 'month', label: 'Month', icon: <CalendarDays aria-hidden="true" className="size-4" /> },
  { value: 'list', label: 'List', icon: <List aria-hidden="true" className="size-4" /> },
] as const;

/** Midnight at the start of `day` in `timeZone`, as the API takes an instant. */
function startOf(day: TDayKey, timeZone: string): string {
  return isoInZone(zonedInstant(day, '00:00', timeZone) ?? 0, timeZone);
}

/** Posts a day of the month table shows; a busy day shows '+N more', which opens it. */
const MONTH_DAY_POSTS = 3;

/** The posts the month table shows: every day of its weeks, also those of the months around it. */
function monthParams(month: TMonth, timeZone: string): TPostsParams {
  const weeks = monthWeeks(month);
  const first = weeks[0]?.[0] ?? monthKey(month);
  const last = weeks.at(-1)?.[6] ?? first;
  return {
    from: startOf(first, timeZone),
    to: startOf(addDays(last, 1), timeZone),
    month: monthKey(month),
    timeZone,
    perDay: MONTH_DAY_POSTS,
  };
}

/** One day's posts, all of them. */
function dayParams(day: TDayKey, timeZone: string): TPostsParams {
  return {
    from: startOf(day, timeZone),
    to: startOf(addDays(day, 1), timeZone),
    month: day.slice(0, 7),
    timeZone,
  };
}

/** The list: from 30 days back (recently published) to a year ahead (all that is scheduled). */
function listParams(now: number, timeZone: string): TPostsParams {
  return {
    from: startOf(dayKey(now - 30 * DAY_MS, timeZone), timeZone),
    to: startOf(dayKey(now + 367 * DAY_MS, timeZone), timeZone),
    month: monthKey(monthOf(now, timeZone)),
    timeZone,
  };
}

/**
 * The content calendar (docs/product/publishing.md): the month, or the list of upcoming and
 * recent posts, in the creator's time zone (the browser's unless they chose another here), named
 * on the page; the month's scheduled-post quota; New post, and a day's '+', open the composer; a
 * post opens to edit, cancel or delete it. `?compose=<gallery id>` (a tool's 'Send to calendar')
 * opens the composer with that item chosen.
 */
export function CalendarPage() {
  const [timeZone, setTimeZone] = useState(creatorTimeZone);
  // Read once: the queries' instants stay put while the page is open.
  const [now] = useState(() => Date.now());
  const today = dayKey(now, timeZone);
  const thisMonth = monthOf(now, timeZone);
  const [month, setMonth] = useState<TMonth>(thisMonth);
  const [view, setView] = useState<TView>('month');
  const [composer, setComposer] = useState<TComposerStart | null>(null);
  const [openPost, setOpenPost] = useState<TPost | null>(null);
  const [shownDay, setShownDay] = useState<TDayKey | null>(null);
  const [upgrade, setUpgrade] = useState<TUpgradeModal | null>(null);
  const [takenItem, setTakenItem] = useState<string | null>(null);

  const monthPosts = usePosts(monthParams(month, timeZone));
  const listPosts = usePosts(listParams(now, timeZone), { enabled: view === 'list' });
  const isThisMonth = monthKey(month) === monthKey(thisMonth);
  // The open post as the lists hold it now: its platforms' states change while it is open.
  // Making posts is for the roles that schedule (not a viewer).
  const canSchedule = useCan('schedule');
  const sent = useSentItem();
  if (sent.ready && sent.id !== null && sent.id !== takenItem) {
    // Once per item sent: the address loses the flag, and the composer keeps what it was given.
    setTakenItem(sent.id);
    if (canSchedule) setComposer({ day: null, item: sent.item });
  }
  const shownPost = openPost
    ? ((view === 'month' ? [monthPosts, listPosts] : [listPosts, monthPosts])
        .map((posts) => posts.data)
        .flatMap((answer) => answer?.posts ?? [])
        .find((post) => post.id === openPost.id) ?? openPost)
    : null;

  return (
    <>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <PageHeading title="Content calendar" documentTitle="Calendar">
          Plan your influencers’ posts: free or pay-per-view, now or at a time you choose.{' '}
          <span className="text-zinc-300">Times in {describeTimeZone(timeZone, now)}</span>
        </PageHeading>
        {canSchedule ? (
          <Button onClick={() => setComposer({ day: null })} className="shrink-0 max-sm:w-full">
            <Plus aria-hidden="true" className="size-4" />
            New post
          </Button>
        ) : null}
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <QuotaLine
          quota={(view === 'month' ? monthPosts : listPosts).data?.quota}
          label={view === 'month' && !isThisMonth ? `in ${formatMonth(month)}` : 'this month'}
        />
        <ZonePicker
          timeZone={timeZone}
          onChange={(zone) => {
            rememberTimeZone(zone);
            setTimeZone(zone);
            // The month shown is the one the new zone's clock is in now.
            setMonth(monthOf(now, zone));
          }}
        />
      </div>

      <Tabs label="Calendar view" tabs={VIEWS} value={view} onChange={setView}>
        {view === 'month' ? (
          <section aria-labelledby="calendar-month-heading" className="space-y-4">
            <div className="flex flex-wrap items-center gap-2">
              <h2
                id="calendar-month-heading"
                aria-live="polite"
                className="mr-auto text-xl font-semibold text-white"
              >
                {formatMonth(month)}
              </h2>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setMonth(thisMonth)}
                disabled={isThisMonth}
              >
                Today
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label="Previous month"
                onClick={() => setMonth((current) => addMonths(current, -1))}
              >
                <ChevronLeft aria-hidden="true" className="size-5" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label="Next month"
                onClick={() => setMonth((current) => addMonths(current, 1))}
              >
                <ChevronRight aria-hidden="true" className="size-5" />
              </Button>
            </div>
            {monthPosts.isPending ? (
              <Spinner label="Loading posts..." className="py-16" />
            ) : monthPosts.isError && !monthPosts.data ? (
              <QueryError query={monthPosts} title={WEB_PUBLISHING_TEXTS.postsLoadFailed} />
            ) : (
              <MonthView
                month={month}
                posts={monthPosts.data.posts}
                dayCounts={monthPosts.data.dayCounts ?? {}}
                timeZone={timeZone}
                today={today}
                onOpen={setOpenPost}
                onAdd={(day) => setComposer({ day })}
                onShowDay={setShownDay}
              />
            )}
          </section>
        ) : (
          <section aria-labelledby="calendar-list-heading" className="space-y-4">
            <h2 id="calendar-list-heading" className="sr-only">
              Upcoming and recent posts
            </h2>
            {listPosts.isPending ? (
              <Spinner label="Loading posts..." className="py-16" />
            ) : listPosts.isError && !listPosts.data ? (
              <QueryError query={listPosts} title={WEB_PUBLISHING_TEXTS.postsLoadFailed} />
            ) : (
              <PostList posts={listPosts.data.posts} timeZone={timeZone} onOpen={setOpenPost} />
            )}
          </section>
        )}
      </Tabs>

      <DayPostsDialog
        day={shownDay}
        params={shownDay ? dayParams(shownDay, timeZone) : null}
        timeZone={timeZone}
        onOpen={(post) => {
          setShownDay(null);
          setOpenPost(post);
        }}
        onClose={() => setShownDay(null)}
      />

      <PostComposerDialog
        start={composer}
        timeZone={timeZone}
        onClose={() => setComposer(null)}
        onLimitReached={() => setUpgrade('scheduled-post')}
      />
      <PostDetailsDialog
        post={shownPost}
        timeZone={timeZone}
        onClose={() => setOpenPost(null)}
        onLimitReached={() => setUpgrade('scheduled-post')}
      />
      <UpgradeModal type={upgrade} onClose={() => setUpgrade(null)} />
    </>
  );
}

/**
 * The gallery item a tool sent to the calendar (`?compose=<id>`), ready once it is read (or could
 * not be: the composer then opens with nothing chosen) and the role is known. The flag is dropped
 * from the address once it is read (no new history entry), so a reload does not open it again.
 */
function useSentItem() {
  const [params, setParams] = useSearchParams();
  const id = params.get('compose');
  const { role } = useOpenWorkspace();
  const item = useGalleryItem(id);
  const ready = id !== null && role !== null && (item.isSuccess || item.isError);

  useEffect(() => {
    if (!ready) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('compose');
        return next;
      },
      { replace: true },
    );
  }, [ready, setParams]);

  return { id, ready, item: item.data ?? null };
}

/** The creator's zone, for a browser that does not know it (or a creator away from home). */
function ZonePicker({
  timeZone,
  onChange,
}: {
  timeZone: string;
  onChange: (timeZone: string) => void;
}) {
  const id = useId();
  const [zones] = useState(() => timeZoneChoices(timeZone));
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="shrink-0 text-zinc-400">
        Time zone
      </label>
      <div className="min-w-0 flex-1 sm:w-60 sm:flex-none">
        <Select
          id={id}
          value={timeZone}
          onChange={(event) => onChange(event.target.value)}
          className="h-9 py-1 text-sm"
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

/** "3 of 20 scheduled posts this month" */
function QuotaLine({ quota, label }: { quota: TScheduleQuota | undefined; label: string }) {
  if (!quota)
    return (
      <span className="block h-5 w-64 animate-pulse rounded bg-ink-800">
        <span className="sr-only">Loading</span>
      </span>
    );
  return (
    <p className="flex items-center gap-2 text-sm text-zinc-300">
      <CalendarDays aria-hidden="true" className="size-4 text-brand-300" />
      <span>
        <span className="font-semibold text-white tabular-nums">
          {quota.used} of {quota.limit}
        </span>{' '}
        scheduled posts {label}
      </span>
    </p>
  );
}
