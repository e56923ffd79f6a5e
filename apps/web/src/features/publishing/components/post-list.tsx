import type { TPost } from '@muse/shared';
import { CalendarClock, CheckCircle2, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  APPROVAL_TEXTS,
  ApprovalBadge,
  otherMaker,
  pendingApproval,
} from '../../../components/posts/approval-badge';
import { useAuth } from '../../../lib/auth';
import { formatDateTime } from '../calendar-time';
import { formatMoney, formatSales } from '../publishing-format';

/**
 * The list view: scheduled posts still to go out (soonest first), then recently published ones.
 * A post held by approval is among the upcoming ones, marked 'Waiting for approval' or 'Sent
 * back'; one another member made names them.
 */
export function PostList({
  posts,
  timeZone,
  onOpen,
}: {
  posts: readonly TPost[];
  timeZone: string;
  onOpen: (post: TPost) => void;
}) {
  const upcoming = posts
    .filter((post) => post.status === 'scheduled')
    .sort((a, b) => a.publishAt.localeCompare(b.publishAt));
  const published = posts
    .filter((post) => post.status === 'published')
    .sort((a, b) => b.publishAt.localeCompare(a.publishAt));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <PostGroup
        id="upcoming-posts"
        title="Upcoming"
        icon={<CalendarClock aria-hidden="true" className="size-5 text-brand-300" />}
        empty="Nothing scheduled. Plan a post for later with Schedule."
        posts={upcoming}
        timeZone={timeZone}
        onOpen={onOpen}
      />
      <PostGroup
        id="published-posts"
        title="Recently published"
        icon={<CheckCircle2 aria-hidden="true" className="size-5 text-emerald-400" />}
        empty="No posts published in the last 30 days."
        posts={published}
        timeZone={timeZone}
        onOpen={onOpen}
      />
    </div>
  );
}

function PostGroup({
  id,
  title,
  icon,
  empty,
  posts,
  timeZone,
  onOpen,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  empty: string;
  posts: readonly TPost[];
  timeZone: string;
  onOpen: (post: TPost) => void;
}) {
  const { user } = useAuth();
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-2xl border border-ink-800 bg-ink-900/70"
    >
      <header className="flex items-center gap-2 border-b border-ink-800 px-4 py-3 sm:px-5">
        {icon}
        <h3 id={id} className="font-semibold text-white">
          {title}
        </h3>
        <span className="ml-auto text-sm text-zinc-400 tabular-nums">{posts.length}</span>
      </header>
      {posts.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-zinc-400 sm:px-5">{empty}</p>
      ) : (
        <ul className="divide-y divide-ink-800">
          {posts.map((post) => {
            const maker = otherMaker(post, user?.id);
            return (
              <li key={post.id}>
                <button
                  type="button"
                  onClick={() => onOpen(post)}
                  className="flex w-full min-w-0 items-center gap-3 px-4 py-3 text-left transition-colors hover:bg-ink-800/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-400 sm:px-5"
                >
                  <span className="relative size-12 shrink-0 overflow-hidden rounded-lg bg-ink-950">
                    {post.items[0] ? (
                      <img
                        src={post.items[0].thumbnailUrl ?? post.items[0].blurredUrl}
                        alt=""
                        loading="lazy"
                        className="size-full object-cover"
                      />
                    ) : null}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-zinc-100">
                      {post.caption ||
                        `${post.items.length} item${post.items.length === 1 ? '' : 's'}`}
                    </span>
                    <span className="block truncate text-xs text-zinc-400">
                      <time dateTime={post.publishAt}>
                        {formatDateTime(post.publishAt, timeZone)}
                      </time>
                      {' · '}
                      {post.influencerName}
                    </span>
                    {/* On its own line, so a narrow row never cuts the maker's name off. */}
                    {maker || pendingApproval(post) ? (
                      <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
                        <ApprovalBadge post={post} />
                        {maker ? (
                          <span className="text-xs text-zinc-400">
                            {APPROVAL_TEXTS.madeBy(maker)}
                          </span>
                        ) : null}
                      </span>
                    ) : null}
                  </span>
                  <span className="flex shrink-0 flex-col items-end gap-0.5 text-xs text-zinc-300">
                    <span className="inline-flex items-center gap-1">
                      {post.priceCents > 0 ? (
                        <Lock aria-hidden="true" className="size-3 text-brand-300" />
                      ) : null}
                      {post.priceCents > 0 ? formatMoney(post.priceCents) : 'Free'}
                      {post.priceCents > 0 ? <span className="sr-only"> pay-per-view</span> : null}
                    </span>
                    {post.status === 'published' ? (
                      <span className="text-zinc-400">{formatSales(post.sales)}</span>
                    ) : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
