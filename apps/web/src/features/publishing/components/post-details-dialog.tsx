import {
  CAPTION_MAX,
  PUBLISHING_TEXTS,
  publicPagePath,
  ZUpdatePostRequest,
  type TPost,
  type TUpdatePostRequest,
} from '@muse/shared';
import { ExternalLink, Loader2, Lock, Trash2 } from 'lucide-react';
import { PostItemThumbnail } from '../../../components/posts/post-item-thumbnail';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  APPROVAL_TEXTS,
  ApprovalBadge,
  otherMaker,
  pendingApproval,
  ReturnedNote,
} from '../../../components/posts/approval-badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import {
  ErrorBanner,
  Field,
  Textarea,
  errorText,
  fieldIssues,
  focusField,
} from '../../../components/ui/form';
import { toast } from '../../../components/ui/toaster';
import { hasErrorCode } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { useDeletePost } from '../api/delete-post';
import { useReadCounts } from '../api/read-counts';
import { useUpdatePost } from '../api/update-post';
import { dayKey, formatDateTime, timeOfDay } from '../calendar-time';
import { DEFAULT_PPV_DOLLARS, dollarsOf, formatPrice, formatSales } from '../publishing-format';
import { hasPublishedTarget } from '../post-targets';
import { WEB_PUBLISHING_TEXTS } from '../publishing-texts';
import { PostTargetsList } from './post-targets-list';
import { checkPublishAt, draftPriceCents, postFieldOf, scheduleBounds } from './post-draft';
import { PriceField, type TPriceDraft } from './price-field';
import { ScheduleInputs, type TScheduleDraft } from './schedule-inputs';

type TFieldErrors = Partial<Record<keyof TUpdatePostRequest, string>>;

/** The dialog's title: where the post stands. */
function postTitle(post: TPost): string {
  const approval = pendingApproval(post);
  if (approval === 'waiting') return 'Post waiting for approval';
  if (approval === 'returned') return 'Post sent back';
  return post.status === 'scheduled' ? 'Scheduled post' : 'Published post';
}

/**
 * One post of the calendar: its items, caption, price, status and time, and its platforms' states
 * and counts. Before it goes out, its caption, price and time can change and it can be cancelled;
 * once out, its caption can change, its sales show, and it can be deleted while nobody bought it.
 * Opening a post that is out on a platform reads the platforms' counts now. A post held by
 * approval says so, with the approver's note once sent back, and names the member who made it.
 */
export function PostDetailsDialog({
  post,
  timeZone,
  onClose,
  onLimitReached,
}: {
  /** null keeps it closed. */
  post: TPost | null;
  timeZone: string;
  onClose: () => void;
  onLimitReached: () => void;
}) {
  const update = useUpdatePost();
  const remove = useDeletePost();
  const busy = update.isPending || remove.isPending;
  // The server's answer after reading the counts or trying again, until `post` itself changes
  // (the calendar's lists carry the same answer by then, or a newer one).
  const [fresh, setFresh] = useState<{ base: TPost; post: TPost } | null>(null);
  const shown = post && fresh?.base === post && fresh.post.id === post.id ? fresh.post : post;
  const { mutate: readCounts } = useReadCounts();
  const counted = useRef<string | null>(null);

  useEffect(() => {
    if (!post || counted.current === post.id || !hasPublishedTarget(post)) return;
    // Once per opening: a repeated effect (React's strict mode) or a refreshed post asks no more.
    counted.current = post.id;
    readCounts(post.id, { onSuccess: (answer) => setFresh({ base: post, post: answer }) });
  }, [post, readCounts]);
  useEffect(() => {
    if (!post) counted.current = null;
  }, [post]);

  return (
    <Dialog open={shown !== null} onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      {shown && post ? (
        <DialogContent
          title={postTitle(shown)}
          description={`${shown.influencerName} · ${formatDateTime(shown.publishAt, timeZone)}`}
          className="max-w-2xl"
        >
          <PostDetails
            key={shown.id}
            post={shown}
            onUpdated={(answer) => setFresh({ base: post, post: answer })}
            timeZone={timeZone}
            update={update}
            remove={remove}
            onDone={onClose}
            onLimitReached={onLimitReached}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function PostDetails({
  post,
  onUpdated,
  timeZone,
  update,
  remove,
  onDone,
  onLimitReached,
}: {
  post: TPost;
  onUpdated: (post: TPost) => void;
  timeZone: string;
  update: ReturnType<typeof useUpdatePost>;
  remove: ReturnType<typeof useDeletePost>;
  onDone: () => void;
  onLimitReached: () => void;
}) {
  const scheduled = post.status === 'scheduled';
  const approval = pendingApproval(post);
  const { user } = useAuth();
  const maker = otherMaker(post, user?.id);
  const [now] = useState(() => Date.now());
  const bounds = scheduleBounds(now, timeZone);
  const [caption, setCaption] = useState(post.caption);
  const [price, setPrice] = useState<TPriceDraft>({
    mode: post.priceCents > 0 ? 'ppv' : 'free',
    dollars: post.priceCents > 0 ? dollarsOf(post.priceCents) : DEFAULT_PPV_DOLLARS,
  });
  const [planned] = useState<TScheduleDraft>(() => ({
    day: dayKey(post.publishAt, timeZone),
    time: timeOfDay(post.publishAt, timeZone),
  }));
  const [schedule, setSchedule] = useState<TScheduleDraft>(planned);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const busy = update.isPending || remove.isPending;

  function clear(field: keyof TUpdatePostRequest) {
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function failed(error: unknown, fallback: string) {
    if (hasErrorCode(error, 'SCHEDULED_POST_LIMIT')) {
      onDone();
      onLimitReached();
      return;
    }
    if (hasErrorCode(error, 'POST_NOT_FOUND')) {
      // Gone meanwhile (another tab): the calendar is refreshed and it leaves it.
      toast.error(PUBLISHING_TEXTS.postNotFound);
      onDone();
      return;
    }
    const text = errorText(error, fallback);
    const field = postFieldOf(error);
    if (field === 'caption' || field === 'priceCents' || field === 'publishAt')
      setErrors((current) => ({ ...current, [field]: text }));
    else setFormError(text);
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const form = event.currentTarget;
    // Only what changed is sent: a post kept at its time is not checked against the clock (or
    // the month's quota) again.
    const moved = schedule.day !== planned.day || schedule.time !== planned.time;
    const when = scheduled && moved ? checkPublishAt(schedule, timeZone, Date.now()) : null;
    const priceCents = draftPriceCents(price);
    const parsed = ZUpdatePostRequest.safeParse({
      caption,
      ...(scheduled && priceCents !== post.priceCents ? { priceCents } : {}),
      ...(when ? { publishAt: 'iso' in when ? when.iso : undefined, timeZone } : {}),
    });
    const issues: TFieldErrors = parsed.success ? {} : fieldIssues(parsed.error);
    if (when && 'error' in when) issues.publishAt = when.error;
    const first = (['caption', 'priceCents', 'publishAt'] as const).find((field) => issues[field]);
    if (!parsed.success || first) {
      setErrors(issues);
      focusField(form, first);
      return;
    }
    update.mutate(
      { id: post.id, changes: parsed.data },
      {
        onSuccess: (answer) => {
          // An editor's change waits for approval again where the workspace asks for it.
          toast.success(
            answer.approval?.status === 'waiting'
              ? PUBLISHING_TEXTS.postSubmitted
              : PUBLISHING_TEXTS.postUpdated,
          );
          onDone();
        },
        onError: (error) => failed(error, WEB_PUBLISHING_TEXTS.postSaveFailed),
      },
    );
  }

  function confirmDelete() {
    remove.mutate(post.id, {
      onSuccess: () => {
        toast.success(PUBLISHING_TEXTS.postDeleted);
        setConfirming(false);
        onDone();
      },
      onError: (error) => {
        setConfirming(false);
        failed(error, WEB_PUBLISHING_TEXTS.postDeleteFailed);
      },
    });
  }

  return (
    <div className="mt-5 space-y-5">
      <ul aria-label="Images and videos" className="flex gap-2 overflow-x-auto pb-1">
        {post.items.map((item, index) => (
          <li
            key={item.id}
            className="relative aspect-[4/5] w-20 shrink-0 overflow-hidden rounded-lg bg-ink-950 sm:w-24"
          >
            <PostItemThumbnail item={item} index={index} total={post.items.length} />
          </li>
        ))}
      </ul>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
        <Fact label="Status">
          {post.removedByMuse ? (
            PUBLISHING_TEXTS.removedByMuse
          ) : approval ? (
            <ApprovalBadge post={post} />
          ) : scheduled ? (
            'Scheduled'
          ) : (
            'Published'
          )}
        </Fact>
        <Fact label={scheduled ? 'Goes out' : 'Went out'}>
          {/* A post held by approval whose time has passed goes out as soon as it is approved. */}
          {approval && Date.parse(post.publishAt) <= now ? (
            APPROVAL_TEXTS.goesOutOnceApproved
          ) : (
            <time dateTime={post.publishAt}>{formatDateTime(post.publishAt, timeZone)}</time>
          )}
        </Fact>
        <Fact label="Price">
          <span className="inline-flex items-center gap-1">
            {post.priceCents > 0 ? (
              <Lock aria-hidden="true" className="size-3.5 text-brand-300" />
            ) : null}
            {formatPrice(post.priceCents)}
          </span>
        </Fact>
        {scheduled ? null : <Fact label="Sales">{formatSales(post.sales)}</Fact>}
        {maker ? <Fact label="Made by">{maker}</Fact> : null}
      </dl>

      <ReturnedNote post={post} />
      {approval === 'returned' && post.createdBy?.id === user?.id ? (
        <p className="text-sm text-zinc-400">
          Change what the note asks and save: the post waits for approval again.
        </p>
      ) : null}

      {post.targets.length ? (
        <PostTargetsList post={post} timeZone={timeZone} onUpdated={onUpdated} />
      ) : null}

      {post.removedByMuse ? (
        // Kept as it is: nothing of it can be changed or shown again
        // (docs/product/reports-and-takedown.md).
        <p
          role="note"
          className="rounded-xl border border-red-500/30 bg-red-500/10 px-3 py-2.5 text-sm text-red-200"
        >
          {PUBLISHING_TEXTS.postRemoved}
        </p>
      ) : null}

      {!scheduled && post.handle && !post.removedByMuse ? (
        <Button asChild variant="outline" size="sm">
          <Link to={publicPagePath(post.handle, post.id)}>
            <ExternalLink aria-hidden="true" className="size-4" />
            Open on the public page
          </Link>
        </Button>
      ) : null}

      <form
        noValidate
        onSubmit={save}
        aria-label="Edit the post"
        className="space-y-5"
        hidden={post.removedByMuse}
      >
        {formError ? <ErrorBanner>{formError}</ErrorBanner> : null}
        <Field
          label="Caption"
          hint={
            <span className="tabular-nums">
              {caption.length} / {CAPTION_MAX}
            </span>
          }
          error={errors.caption}
        >
          {(control) => (
            <Textarea
              {...control}
              name="caption"
              value={caption}
              onChange={(event) => {
                setCaption(event.target.value);
                clear('caption');
              }}
              rows={3}
              disabled={busy}
              className="min-h-20"
            />
          )}
        </Field>

        {scheduled ? (
          <>
            <PriceField
              value={price}
              onChange={(next) => {
                setPrice(next);
                clear('priceCents');
              }}
              error={errors.priceCents}
              disabled={busy}
            />
            <ScheduleInputs
              value={schedule}
              onChange={(next) => {
                setSchedule(next);
                clear('publishAt');
              }}
              timeZone={timeZone}
              minDay={bounds.minDay}
              maxDay={bounds.maxDay}
              error={errors.publishAt}
              disabled={busy}
            />
          </>
        ) : null}

        <div className="flex flex-col-reverse gap-3 border-t border-ink-800 pt-4 sm:flex-row sm:items-center sm:justify-between">
          {scheduled || post.sales === 0 ? (
            <Button
              variant="ghost"
              onClick={() => setConfirming(true)}
              disabled={busy}
              className="border border-red-500/25 text-red-300 hover:bg-red-500/10 hover:text-red-200"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {scheduled ? 'Cancel post' : 'Delete post'}
            </Button>
          ) : (
            <p className="text-sm text-zinc-400">{PUBLISHING_TEXTS.postHasBuyers}</p>
          )}
          <Button type="submit" disabled={busy}>
            {update.isPending ? (
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            ) : null}
            {update.isPending ? 'Saving...' : 'Save changes'}
          </Button>
        </div>
      </form>

      <ConfirmDeleteDialog
        open={confirming}
        title={scheduled ? 'Cancel this post?' : 'Delete this post?'}
        description={
          scheduled
            ? 'It will not go out, and its place in the month’s scheduled posts is freed.'
            : 'It leaves the public page for good.'
        }
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-zinc-400">{label}</dt>
      <dd className="mt-0.5 text-zinc-100">{children}</dd>
    </div>
  );
}
