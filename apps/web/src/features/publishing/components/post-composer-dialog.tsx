import {
  CAPTION_MAX,
  PUBLISHING_TEXTS,
  ZCreatePostRequest,
  type TCaptionDraft,
  type TCreatePostRequest,
  type TGalleryItem,
  type TPlatformProblem,
  type TPublishPlatform,
} from '@muse/shared';
import { CalendarClock, Loader2, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import {
  ErrorBanner,
  Field,
  Textarea,
  errorText,
  fieldIssues,
  focusField,
} from '../../../components/ui/form';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toaster';
import { hasErrorCode } from '../../../lib/api';
import { usePlatformAccounts } from '../api/get-platform-accounts';
import { useInfluencers } from '../../../lib/influencers';
import { useCreatePost } from '../api/create-post';
import { useAccountPages } from '../api/get-page-settings';
import { defaultSchedule, type TDayKey } from '../calendar-time';
import { DEFAULT_PPV_DOLLARS } from '../publishing-format';
import { WEB_PUBLISHING_TEXTS } from '../publishing-texts';
import { CaptionDraft } from './caption-draft';
import { ChoiceGroup } from './choice-group';
import { GalleryItemPicker } from './gallery-item-picker';
import { InfluencerChoice } from './influencer-choice';
import { PriceField, type TPriceDraft } from './price-field';
import { ScheduleInputs, type TScheduleDraft } from './schedule-inputs';
import { PostDestinations, useChosenItems } from './post-destinations';
import {
  captionLength,
  checkPublishAt,
  chosenTargets,
  destinationProblem,
  draftPriceCents,
  platformMedia,
  postFieldOf,
  scheduleBounds,
  targetPlatformOf,
  targetProblems,
  targetRequests,
  unlockLine,
  type TTargetDrafts,
} from './post-draft';

/** The time now, read when the form is sent (an event, never during render). */
const currentTime = () => Date.now();

type TFieldErrors = Partial<Record<keyof TCreatePostRequest, string>>;

const WHEN_CHOICES = [
  { value: 'now', label: 'Publish now', icon: Send },
  { value: 'schedule', label: 'Schedule', icon: CalendarClock },
] as const;

/**
 * What opens the composer: the calendar's New post (no day), a day's '+' (that day), or a
 * gallery item sent to the calendar (`?compose=<id>`), which starts chosen with its influencer.
 */
export type TComposerStart = { day: TDayKey | null; item?: TGalleryItem | null };

/**
 * A new post (docs/product/publishing.md): the influencer (one with a handle), items from its
 * gallery in the order picked, a caption, free or pay-per-view, where it goes (its Muse page,
 * its connected platforms: docs/product/platform-publishing.md), and now or at a time in the
 * creator's zone. The plan's scheduled-post limit (403) hands over to the upgrade modal.
 */
export function PostComposerDialog({
  start,
  timeZone,
  onClose,
  onLimitReached,
}: {
  /** null keeps it closed. */
  start: TComposerStart | null;
  timeZone: string;
  onClose: () => void;
  onLimitReached: () => void;
}) {
  // Held here, so a post under way keeps the dialog open and its answer is not lost.
  const create = useCreatePost();
  return (
    <Dialog
      open={start !== null}
      onOpenChange={(open) => (open || create.isPending ? undefined : onClose())}
    >
      {start ? (
        <DialogContent
          title="New post"
          description="Choose images and videos from an influencer’s gallery and share them on its page."
          className="max-w-2xl"
        >
          <ComposerForm
            start={start}
            timeZone={timeZone}
            create={create}
            onDone={onClose}
            onLimitReached={onLimitReached}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ComposerForm({
  start,
  timeZone,
  create,
  onDone,
  onLimitReached,
}: {
  start: TComposerStart;
  timeZone: string;
  create: ReturnType<typeof useCreatePost>;
  onDone: () => void;
  onLimitReached: () => void;
}) {
  const influencers = useInfluencers();
  const list = influencers.data?.influencers ?? [];
  const pages = useAccountPages();
  // A page per influencer: undefined while the pages load, null for one without a page.
  const options = list.map((influencer) => ({
    influencer,
    page: pages.data ? (pages.data.get(influencer.id) ?? null) : undefined,
  }));
  const [now] = useState(() => Date.now());
  const bounds = scheduleBounds(now, timeZone);

  // An item sent to the calendar starts the post, with the influencer it shows.
  const startItem = start.item ?? null;
  const [picked, setInfluencerId] = useState(startItem?.influencerId ?? '');
  // With one influencer that has a page, it is the one: no need to pick it.
  const usable = options.filter((option) => option.page);
  const settled = options.every((option) => option.page !== undefined);
  const influencerId = picked || (settled && usable.length === 1 ? usable[0]!.influencer.id : '');
  const [itemIds, setItemIds] = useState<string[]>(startItem ? [startItem.id] : []);
  const [caption, setCaption] = useState('');
  const [price, setPrice] = useState<TPriceDraft>({ mode: 'free', dollars: DEFAULT_PPV_DOLLARS });
  const [when, setWhen] = useState<'now' | 'schedule'>(start.day ? 'schedule' : 'now');
  const [schedule, setSchedule] = useState<TScheduleDraft>(() =>
    defaultSchedule(start.day, now, timeZone),
  );
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const busy = create.isPending;

  // Where it goes: the page (always, for a pay-per-view post) and the chosen platforms.
  const accounts = usePlatformAccounts(influencerId);
  const [onPage, setOnPage] = useState(true);
  const [drafts, setDrafts] = useState<TTargetDrafts>({});
  const [platformErrors, setPlatformErrors] = useState<Partial<Record<TPublishPlatform, string>>>(
    {},
  );
  const blockerId = useId();
  const ppv = price.mode === 'ppv';
  const goesOnPage = ppv || onPage;
  const handle = options.find((option) => option.influencer.id === influencerId)?.page?.handle;
  const chosen = chosenTargets(accounts.data?.order ?? [], drafts, accounts.data?.accounts ?? []);
  const chosenItems = useChosenItems(influencerId, itemIds);
  const content = {
    caption,
    media: platformMedia(chosenItems, ppv),
    suffix: ppv && handle ? unlockLine(window.location.origin, handle) : '',
  };
  const problems: Partial<Record<TPublishPlatform, TPlatformProblem[]>> = Object.fromEntries(
    chosen.map(({ platform, draft, account }) => [
      platform,
      targetProblems(platform, draft, account, content),
    ]),
  );
  const blocker =
    destinationProblem(goesOnPage, chosen.length) ??
    (chosen.some(({ platform }) => problems[platform]?.length)
      ? WEB_PUBLISHING_TEXTS.platformsBlocked
      : null);

  function clear(field: keyof TCreatePostRequest) {
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function handleError(error: unknown) {
    if (hasErrorCode(error, 'SCHEDULED_POST_LIMIT')) {
      onDone();
      onLimitReached();
      return;
    }
    const text = errorText(error, WEB_PUBLISHING_TEXTS.postSaveFailed);
    const platform = targetPlatformOf(error);
    if (platform) {
      setPlatformErrors((current) => ({ ...current, [platform]: text }));
      // An account that expired meanwhile shows as one to reconnect.
      if (hasErrorCode(error, 'PLATFORM_NOT_CONNECTED')) void accounts.refetch();
      return;
    }
    const field = postFieldOf(error);
    if (field) setErrors((current) => ({ ...current, [field]: text }));
    else setFormError(text);
  }

  /** A drafted caption for each target: the page's is the post's, each platform's its own. */
  function fillCaptions(captions: TCaptionDraft[]) {
    // The page's caption is the post's; each platform's fills its own caption.
    const page = captions.find((written) => written.target === 'page');
    if (page) {
      setCaption(page.text);
      clear('caption');
    }
    setDrafts((current) => {
      const next = { ...current };
      for (const written of captions) {
        if (written.target === 'page') continue;
        const draft = next[written.target];
        if (draft) next[written.target] = { ...draft, ownCaption: true, caption: written.text };
      }
      return next;
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const form = event.currentTarget;
    const scheduled =
      when === 'schedule' ? checkPublishAt(schedule, timeZone, currentTime()) : null;
    const parsed = ZCreatePostRequest.safeParse({
      influencerId,
      caption,
      itemIds,
      priceCents: draftPriceCents(price),
      publishAt: scheduled && 'iso' in scheduled ? scheduled.iso : null,
      timeZone,
      onPage: goesOnPage,
      targets: targetRequests(chosen),
    });
    const issues: TFieldErrors = parsed.success ? {} : fieldIssues(parsed.error);
    if (scheduled && 'error' in scheduled) issues.publishAt = scheduled.error;
    const first = (
      [
        'influencerId',
        'itemIds',
        'caption',
        'priceCents',
        'onPage',
        'targets',
        'publishAt',
      ] as const
    ).find((field) => issues[field]);
    if (!parsed.success || first) {
      setErrors(issues);
      focusField(form, first);
      return;
    }
    const request = parsed.data;
    create.mutate(request, {
      onSuccess: (post) => {
        // An editor's post, where the workspace asks for approval, waits instead of going out.
        toast.success(
          post.approval?.status === 'waiting'
            ? PUBLISHING_TEXTS.postSubmitted
            : request.publishAt
              ? PUBLISHING_TEXTS.postScheduled
              : PUBLISHING_TEXTS.postPublished,
        );
        onDone();
      },
      onError: handleError,
    });
  }

  if (influencers.isPending) return <Spinner label="Loading your influencers" className="py-10" />;
  if (influencers.isError)
    return (
      <QueryError
        query={influencers}
        title="Your influencers could not be loaded."
        className="mt-6"
      />
    );
  if (pages.isError)
    return (
      <QueryError
        query={pages}
        title="Your influencers' pages could not be loaded."
        className="mt-6"
      />
    );
  if (list.length === 0)
    return (
      <div className="mt-6 space-y-4 text-sm text-zinc-300">
        <p>{WEB_PUBLISHING_TEXTS.noInfluencers}</p>
        <Button asChild variant="outline" size="sm">
          <Link to="/influencers">Go to Influencers</Link>
        </Button>
      </div>
    );

  return (
    <form noValidate onSubmit={submit} aria-label="New post" className="mt-6 space-y-6">
      {formError ? <ErrorBanner>{formError}</ErrorBanner> : null}

      <InfluencerChoice
        options={options}
        value={influencerId}
        onChange={(id) => {
          setInfluencerId(id);
          // A post's items are its influencer's (or of no persona), and so are its accounts. An
          // item sent here made without a persona stays chosen: it may go on any page.
          setItemIds((current) =>
            startItem && !startItem.influencerId && current.includes(startItem.id)
              ? [startItem.id]
              : [],
          );
          setDrafts({});
          setPlatformErrors({});
          clear('influencerId');
          clear('itemIds');
          clear('targets');
        }}
        error={errors.influencerId}
        disabled={busy}
      />

      {influencerId ? (
        <GalleryItemPicker
          influencerId={influencerId}
          influencerName={
            options.find((option) => option.influencer.id === influencerId)?.influencer.name ?? ''
          }
          value={itemIds}
          onChange={(ids) => {
            setItemIds(ids);
            clear('itemIds');
          }}
          error={errors.itemIds}
          disabled={busy}
        />
      ) : null}

      <div className="space-y-2">
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
              placeholder="What fans read with the post"
              disabled={busy}
              className="min-h-20"
            />
          )}
        </Field>
        <CaptionDraft
          influencerId={influencerId}
          influencerName={
            options.find((option) => option.influencer.id === influencerId)?.influencer.name ?? null
          }
          itemIds={itemIds}
          platforms={chosen.map(({ platform }) => platform)}
          reserve={captionLength(content.suffix)}
          disabled={busy}
          onWritten={fillCaptions}
        />
      </div>

      <PriceField
        value={price}
        onChange={(next) => {
          setPrice(next);
          clear('priceCents');
        }}
        error={errors.priceCents}
        disabled={busy}
      />

      <PostDestinations
        influencerId={influencerId}
        handle={handle ?? null}
        accounts={accounts}
        onPage={onPage}
        onOnPageChange={(next) => {
          setOnPage(next);
          clear('onPage');
        }}
        ppv={ppv}
        drafts={drafts}
        onDraftChange={(platform, draft) => {
          setDrafts((current) => ({ ...current, [platform]: draft }));
          setPlatformErrors((current) => ({ ...current, [platform]: undefined }));
          clear('targets');
        }}
        caption={caption}
        suffix={content.suffix}
        problems={problems}
        itemIds={itemIds}
        errors={{ onPage: errors.onPage, targets: errors.targets, platforms: platformErrors }}
        blocker={blocker}
        blockerId={blockerId}
        disabled={busy}
      />

      <div className="space-y-3">
        <ChoiceGroup
          legend="When"
          name="when"
          value={when}
          choices={WHEN_CHOICES}
          onChange={(next) => {
            setWhen(next);
            clear('publishAt');
          }}
          disabled={busy}
        />
        {when === 'schedule' ? (
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
        ) : null}
      </div>

      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={busy}>
            Cancel
          </Button>
        </DialogClose>
        <Button
          type="submit"
          disabled={busy || blocker !== null}
          aria-describedby={blocker ? blockerId : undefined}
        >
          {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
          {busy ? 'Saving...' : when === 'schedule' ? 'Schedule post' : 'Publish post'}
        </Button>
      </div>
    </form>
  );
}
