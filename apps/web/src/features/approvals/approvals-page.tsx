import {
  formatCents,
  PLATFORM_RULES,
  roleCan,
  WORKSPACE_ROLE_LABELS,
  type TPost,
  type TWorkspace,
} from '@muse/shared';
import { Check, ClipboardCheck, Loader2, Lock, ShieldOff, Undo2 } from 'lucide-react';
import { PostItemThumbnail } from '../../components/posts/post-item-thumbnail';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { ApprovalBadge } from '../../components/posts/approval-badge';
import { Button } from '../../components/ui/button';
import { errorText } from '../../components/ui/form';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { useApprovals } from '../../lib/approvals';
import { cn } from '../../lib/cn';
import { useCurrentWorkspace } from '../../lib/current-workspace';
import { useApprovePost } from './api/decide-post';
import { APPROVALS_TEXTS } from './approvals-texts';
import { ReturnPostDialog } from './return-post-dialog';

/** 'Tue, Jul 14, 9:00 AM', on the approver's own clock. */
const whenFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * After a decided card has left: focus goes to the list's heading (or the empty queue's), not to
 * the end of the page, once the list has been drawn without the card.
 */
function focusQueue(): void {
  requestAnimationFrame(() =>
    (
      document.getElementById('approvals-list-heading') ??
      document.getElementById('approvals-empty-heading')
    )?.focus(),
  );
}

/** How many of a post's pictures a card shows; the rest are counted. */
const SHOWN_ITEMS = 4;

/**
 * The approval queue (docs/product/teams.md, 'Approval'): the open workspace's posts that editors
 * made or changed while approval is on, soonest first, for an owner, admin or viewer to approve
 * (it then goes out at its time, or at once if that has passed) or send back to its maker with a
 * note. An editor may not approve: the page says so and asks the server nothing.
 */
export function ApprovalsPage() {
  const current = useCurrentWorkspace();
  const workspace = current.workspace;

  let body;
  if (current.isPending) body = <Spinner label="Loading..." className="py-20" />;
  else if (current.isError || !workspace)
    body = (
      <QueryError
        query={current}
        title={APPROVALS_TEXTS.workspaceLoadFailed}
        detail={current.isError ? errorText(current.error) : undefined}
      />
    );
  else if (!roleCan(workspace.role, 'approve')) body = <CannotApprove workspace={workspace} />;
  else body = <Queue workspace={workspace} />;

  return (
    <>
      <PageHeading title="Approvals">{APPROVALS_TEXTS.pageNote}</PageHeading>
      {body}
    </>
  );
}

/** An editor's view: who approves, and where their own waiting posts are. */
function CannotApprove({ workspace }: { workspace: TWorkspace }) {
  return (
    <section
      aria-labelledby="approvals-forbidden-heading"
      className="flex flex-col items-center rounded-2xl border border-ink-800 bg-ink-900/70 px-6 py-14 text-center"
    >
      <span className="grid size-14 place-items-center rounded-2xl bg-ink-800 text-zinc-300">
        <ShieldOff aria-hidden="true" className="size-7" />
      </span>
      <h2 id="approvals-forbidden-heading" className="mt-5 text-xl font-semibold text-white">
        {APPROVALS_TEXTS.cannotApprove}
      </h2>
      <p className="mt-2 max-w-md text-sm text-zinc-400">
        {APPROVALS_TEXTS.cannotApproveNote(
          WORKSPACE_ROLE_LABELS[workspace.role].toLowerCase(),
          workspace.name,
        )}
      </p>
      <Button asChild variant="outline" size="sm" className="mt-6">
        <Link to="/calendar">Open the calendar</Link>
      </Button>
    </section>
  );
}

function Queue({ workspace }: { workspace: TWorkspace }) {
  const approvals = useApprovals({ enabled: true });
  const [returning, setReturning] = useState<TPost | null>(null);

  if (approvals.isPending) return <Spinner label="Loading posts..." className="py-20" />;
  if (approvals.isError && !approvals.data)
    return (
      <QueryError
        query={approvals}
        title={APPROVALS_TEXTS.queueLoadFailed}
        detail={errorText(approvals.error)}
      />
    );
  const posts = approvals.data;
  if (posts.length === 0) return <EmptyQueue approvalRequired={workspace.approvalRequired} />;

  return (
    <section aria-labelledby="approvals-list-heading" className="space-y-4">
      <h2
        id="approvals-list-heading"
        tabIndex={-1}
        className="text-lg font-semibold text-white outline-none"
      >
        {APPROVALS_TEXTS.waitingCount(posts.length)}
      </h2>
      <ul className="grid gap-5 lg:grid-cols-2">
        {posts.map((post) => (
          <li key={post.id} className="min-w-0">
            <ApprovalCard post={post} onSendBack={setReturning} />
          </li>
        ))}
      </ul>
      <ReturnPostDialog
        post={returning}
        onClose={() => setReturning(null)}
        onLeft={() => {
          setReturning(null);
          focusQueue();
        }}
      />
    </section>
  );
}

function EmptyQueue({ approvalRequired }: { approvalRequired: boolean }) {
  return (
    <section
      aria-labelledby="approvals-empty-heading"
      className="flex flex-col items-center rounded-2xl border border-dashed border-ink-700 bg-ink-900/40 px-6 py-16 text-center"
    >
      <span className="grid size-16 place-items-center rounded-2xl bg-gradient-to-br from-brand-500/20 to-accent-500/20 text-brand-300">
        <ClipboardCheck aria-hidden="true" className="size-8" />
      </span>
      <h2
        id="approvals-empty-heading"
        tabIndex={-1}
        className="mt-5 text-xl font-semibold text-white outline-none"
      >
        {APPROVALS_TEXTS.empty}
      </h2>
      <p className="mt-2 max-w-md text-sm text-zinc-400">
        {approvalRequired ? APPROVALS_TEXTS.emptyNote : APPROVALS_TEXTS.approvalOff}
      </p>
    </section>
  );
}

/** 'Goes out' of a waiting post: its time, or at once on approval when that has passed. */
function goesOut(post: TPost, now: number): string {
  return Date.parse(post.publishAt) <= now
    ? APPROVALS_TEXTS.atOnce
    : whenFormat.format(new Date(post.publishAt));
}

/** Where the post goes once approved: its Muse page and the platforms it names. */
function destinations(post: TPost): string {
  const places = [
    ...(post.onPage ? ['Muse page'] : []),
    ...post.targets.map((target) => PLATFORM_RULES[target.platform].name),
  ];
  return places.join(', ') || '—';
}

function ApprovalCard({ post, onSendBack }: { post: TPost; onSendBack: (post: TPost) => void }) {
  const titleId = useId();
  const approve = useApprovePost({ onLeft: focusQueue });
  const [now] = useState(() => Date.now());
  const maker = post.createdBy?.name ?? APPROVALS_TEXTS.unknownMaker;
  const items = post.items.slice(0, SHOWN_ITEMS);
  const more = post.items.length - items.length;

  return (
    <article
      aria-labelledby={`${titleId} ${titleId}-maker`}
      className="flex h-full flex-col gap-4 rounded-2xl border border-ink-800 bg-ink-900/70 p-4 sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold text-white wrap-anywhere">
            {post.influencerName}
          </h3>
          <p id={`${titleId}-maker`} className="text-sm text-zinc-400">
            {APPROVALS_TEXTS.madeBy(maker)}
          </p>
        </div>
        <ApprovalBadge post={post} />
      </header>

      {items.length ? (
        <ul aria-label="Images and videos" className="grid grid-cols-4 gap-2">
          {items.map((item, index) => (
            <li
              key={item.id}
              className="relative aspect-[4/5] min-w-0 overflow-hidden rounded-lg bg-ink-950"
            >
              <PostItemThumbnail item={item} index={index} total={post.items.length} />
              {more > 0 && index === items.length - 1 ? (
                <span className="absolute inset-0 grid place-items-center bg-black/60 text-sm font-semibold text-white">
                  +{more}
                  <span className="sr-only"> more</span>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      <p
        className={cn(
          'text-sm whitespace-pre-line wrap-anywhere',
          post.caption ? 'text-zinc-200' : 'text-zinc-400 italic',
        )}
      >
        {post.caption || APPROVALS_TEXTS.noCaption}
      </p>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
        <div className="min-w-0">
          <dt className="text-xs font-medium text-zinc-400">Goes out</dt>
          <dd className="mt-0.5 text-zinc-100">
            <time dateTime={post.publishAt}>{goesOut(post, now)}</time>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-medium text-zinc-400">Price</dt>
          <dd className="mt-0.5 inline-flex items-center gap-1 text-zinc-100">
            {post.priceCents > 0 ? (
              <>
                <Lock aria-hidden="true" className="size-3.5 text-brand-300" />
                {formatCents(post.priceCents)} pay-per-view
              </>
            ) : (
              'Free'
            )}
          </dd>
        </div>
        <div className="col-span-2 min-w-0 sm:col-span-1">
          <dt className="text-xs font-medium text-zinc-400">Where</dt>
          <dd className="mt-0.5 text-zinc-100">{destinations(post)}</dd>
        </div>
      </dl>

      <div className="mt-auto flex flex-col-reverse gap-3 border-t border-ink-800 pt-4 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          onClick={() => onSendBack(post)}
          disabled={approve.isPending}
          aria-describedby={titleId}
        >
          <Undo2 aria-hidden="true" className="size-4" />
          Send back
        </Button>
        <Button
          onClick={() => approve.mutate(post.id)}
          disabled={approve.isPending}
          aria-describedby={titleId}
        >
          {approve.isPending ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Check aria-hidden="true" className="size-4" />
          )}
          {approve.isPending ? 'Approving...' : 'Approve'}
        </Button>
      </div>
    </article>
  );
}
