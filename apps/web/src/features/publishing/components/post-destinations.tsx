import {
  INFLUENCER_PAGE_ROUTE,
  PLATFORM_RULES,
  PLATFORM_TEXTS,
  PUBLISHING_TEXTS,
  TOOLS,
  type TGalleryItem,
  type TPlatformAccount,
  type TPlatformProblem,
  type TPublishPlatform,
} from '@muse/shared';
import { ArrowUpRight, CircleAlert, Info } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Field, Input, Select, Textarea } from '../../../components/ui/form';
import { QueryError } from '../../../components/ui/query-error';
import { useGallery } from '../../../lib/gallery';
import { cn } from '../../../lib/cn';
import type { usePlatformAccounts } from '../api/get-platform-accounts';
import { PRIVACY_LEVEL_LABELS, WEB_PUBLISHING_TEXTS } from '../publishing-texts';
import {
  captionLength,
  captionLimit,
  newTargetDraft,
  targetCaption,
  withOwnCaption,
  type TTargetDraft,
  type TTargetDrafts,
} from './post-draft';

/** The chosen gallery items, in the order picked (the picker's own queries, not asked again). */
export function useChosenItems(influencerId: string, itemIds: readonly string[]): TGalleryItem[] {
  const enabled = influencerId !== '';
  const own = useGallery({ influencerId }, { enabled });
  const unassigned = useGallery({ influencerId: 'none' }, { enabled });
  const loaded = [own, unassigned].flatMap(
    (gallery) => gallery.data?.pages.flatMap((page) => page.items) ?? [],
  );
  return itemIds.flatMap((id) => loaded.find((item) => item.id === id) ?? []);
}

const CARD =
  'rounded-xl border border-ink-700 bg-ink-950/60 p-3 text-sm transition-colors has-[:checked]:border-brand-400 has-[:checked]:bg-brand-500/10';
const CHECKBOX = 'mt-0.5 size-4 shrink-0 cursor-pointer rounded accent-brand-500';
const LINK = 'text-brand-300 underline-offset-2 hover:underline';

/**
 * Where a new post goes (docs/product/platform-publishing.md): the influencer's Muse page (always,
 * for a pay-per-view post, which is sold there) and each of its connected accounts, each with its
 * own caption if wanted, YouTube's title and TikTok's privacy. What a platform would refuse is
 * listed under it as the creator types; `blocker` says why the post cannot be sent yet.
 */
export function PostDestinations({
  influencerId,
  handle,
  accounts,
  onPage,
  onOnPageChange,
  ppv,
  drafts,
  onDraftChange,
  caption,
  suffix,
  problems,
  itemIds,
  errors,
  blocker,
  blockerId,
  disabled,
}: {
  influencerId: string;
  handle: string | null;
  accounts: ReturnType<typeof usePlatformAccounts>;
  onPage: boolean;
  onOnPageChange: (onPage: boolean) => void;
  ppv: boolean;
  drafts: TTargetDrafts;
  onDraftChange: (platform: TPublishPlatform, draft: TTargetDraft) => void;
  /** The post's caption. */
  caption: string;
  /** What each platform's caption ends with (a pay-per-view post's unlock link). */
  suffix: string;
  problems: Partial<Record<TPublishPlatform, TPlatformProblem[]>>;
  /** The post's gallery items, in order: a problem's `item` is an index into them. */
  itemIds: readonly string[];
  errors: {
    onPage?: string;
    targets?: string;
    platforms: Partial<Record<TPublishPlatform, string>>;
  };
  blocker: string | null;
  blockerId: string;
  disabled: boolean;
}) {
  const id = useId();
  const pageHintId = `${id}-page`;
  const list = accounts.data?.accounts ?? [];
  const order = accounts.data?.order ?? [];
  const shown = order.flatMap(
    (platform) => list.find((account) => account.platform === platform) ?? [],
  );
  const anyChosen = shown.some((account) => drafts[account.platform]?.chosen);
  const influencerPage = `${INFLUENCER_PAGE_ROUTE}/${influencerId}`;

  let platforms: ReactNode;
  if (!influencerId) platforms = null;
  else if (accounts.isPending)
    platforms = (
      <span
        aria-label="Loading the influencer’s platforms"
        className="block h-14 animate-pulse rounded-xl bg-ink-800"
      />
    );
  else if (accounts.isError)
    platforms = (
      <QueryError
        query={accounts}
        title={WEB_PUBLISHING_TEXTS.accountsLoadFailed}
        className="py-6"
      />
    );
  else if (shown.length === 0)
    platforms = (
      <p className="px-1 text-xs text-zinc-400">
        <Link to={influencerPage} className={LINK}>
          {WEB_PUBLISHING_TEXTS.noAccounts}
        </Link>
      </p>
    );
  else
    platforms = shown.map((account) => (
      <PlatformTarget
        key={account.platform}
        account={account}
        draft={drafts[account.platform]}
        onChange={(draft) => onDraftChange(account.platform, draft)}
        caption={caption}
        suffix={suffix}
        problems={problems[account.platform] ?? []}
        itemIds={itemIds}
        error={errors.platforms[account.platform]}
        influencerPage={influencerPage}
        disabled={disabled}
      />
    ));

  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="mb-2 text-sm font-medium text-zinc-300">
        {WEB_PUBLISHING_TEXTS.where}
      </legend>
      <div className="grid gap-2">
        <label
          className={cn(
            CARD,
            'flex items-start gap-3',
            ppv || disabled ? 'cursor-not-allowed' : 'cursor-pointer hover:border-ink-600',
          )}
        >
          <input
            type="checkbox"
            name="onPage"
            checked={ppv || onPage}
            disabled={ppv || disabled}
            onChange={(event) => onOnPageChange(event.target.checked)}
            aria-label={PLATFORM_TEXTS.onPage}
            aria-describedby={pageHintId}
            aria-invalid={errors.onPage ? true : undefined}
            className={CHECKBOX}
          />
          <span className="min-w-0">
            <span className="block font-medium text-zinc-100">{PLATFORM_TEXTS.onPage}</span>
            <span id={pageHintId} className="block text-xs text-zinc-400">
              {ppv ? PUBLISHING_TEXTS.ppvOnPage : handle ? `@${handle}` : null}
              {errors.onPage ? (
                <span className="block text-sm text-red-400">{errors.onPage}</span>
              ) : null}
            </span>
          </span>
        </label>
        {platforms}
      </div>
      {ppv && anyChosen ? (
        <p className="flex items-start gap-2 px-1 text-xs text-zinc-400">
          <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-accent-400" />
          {PLATFORM_TEXTS.ppvPreview}
        </p>
      ) : null}
      {errors.targets ? <p className="text-sm text-red-400">{errors.targets}</p> : null}
      {blocker ? (
        <p id={blockerId} className="px-1 text-sm text-amber-200">
          {blocker}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One connected account: its box, and once chosen, what goes to it and what it would refuse. */
function PlatformTarget({
  account,
  draft,
  onChange,
  caption,
  suffix,
  problems,
  itemIds,
  error,
  influencerPage,
  disabled,
}: {
  account: TPlatformAccount;
  draft: TTargetDraft | undefined;
  onChange: (draft: TTargetDraft) => void;
  caption: string;
  suffix: string;
  problems: readonly TPlatformProblem[];
  itemIds: readonly string[];
  error?: string;
  influencerPage: string;
  disabled: boolean;
}) {
  const id = useId();
  const { platform } = account;
  const name = PLATFORM_RULES[platform].name;
  const usable = account.status === 'connected';
  const chosen = usable && !!draft?.chosen;
  const describedBy = [`${id}-account`, chosen && problems.length ? `${id}-problems` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div role="group" aria-label={name} className={cn(CARD, 'space-y-3', !usable && 'opacity-70')}>
      <label
        className={cn(
          'flex items-start gap-3',
          usable && !disabled ? 'cursor-pointer' : 'cursor-not-allowed',
        )}
      >
        <input
          type="checkbox"
          name={`targets.${platform}`}
          checked={chosen}
          disabled={!usable || disabled}
          onChange={(event) =>
            onChange(draft ? { ...draft, chosen: event.target.checked } : newTargetDraft(account))
          }
          aria-label={name}
          aria-describedby={describedBy}
          aria-invalid={chosen && (problems.length > 0 || !!error) ? true : undefined}
          className={CHECKBOX}
        />
        <span className="min-w-0">
          <span className="block font-medium text-zinc-100">{name}</span>
          <span id={`${id}-account`} className="block truncate text-xs text-zinc-400">
            @{account.username}
            {usable ? null : (
              <span>
                {' · '}
                {account.status === 'expired' ? PLATFORM_TEXTS.expired : PLATFORM_TEXTS.revoked}
              </span>
            )}
          </span>
        </span>
      </label>
      {usable ? null : (
        <p className="pl-7 text-xs">
          <Link to={influencerPage} className={LINK}>
            {PLATFORM_TEXTS.reconnectAccount(name)}
          </Link>
        </p>
      )}
      {chosen && draft ? (
        <TargetOptions
          account={account}
          draft={draft}
          onChange={onChange}
          caption={caption}
          suffix={suffix}
          disabled={disabled}
        />
      ) : null}
      {chosen && problems.length ? (
        <ul id={`${id}-problems`} className="space-y-1.5 border-t border-ink-800 pt-3">
          {problems.map((problem, index) => (
            <li
              key={`${problem.code}-${index}`}
              className="flex items-start gap-2 text-sm text-red-300"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-400" />
              <span className="min-w-0 wrap-anywhere">
                {problem.message}
                {problem.fix === 'edit-image' &&
                problem.item !== undefined &&
                itemIds[problem.item] ? (
                  <>
                    {' '}
                    <Link
                      to={`${TOOLS['edit-image'].path}?from=${itemIds[problem.item]}`}
                      target="_blank"
                      rel="noopener"
                      className={cn(LINK, 'inline-flex items-center gap-0.5 whitespace-nowrap')}
                    >
                      {WEB_PUBLISHING_TEXTS.reframeIn(problem.item + 1, TOOLS['edit-image'].name)}
                      <ArrowUpRight aria-hidden="true" className="size-3.5" />
                      <span className="sr-only">{WEB_PUBLISHING_TEXTS.opensInNewTab}</span>
                    </Link>
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {chosen && error ? <p className="text-sm text-red-400">{error}</p> : null}
    </div>
  );
}

/** A chosen platform's own words: its caption if wanted, YouTube's title, TikTok's privacy. */
function TargetOptions({
  account,
  draft,
  onChange,
  caption,
  suffix,
  disabled,
}: {
  account: TPlatformAccount;
  draft: TTargetDraft;
  onChange: (draft: TTargetDraft) => void;
  caption: string;
  suffix: string;
  disabled: boolean;
}) {
  const id = useId();
  const { platform } = account;
  const name = PLATFORM_RULES[platform].name;
  const limit = captionLimit(platform, account);
  const length = captionLength(targetCaption(draft, caption) + suffix);
  const count = (
    <span className={cn('tabular-nums', length > limit && 'text-red-300')}>
      {length.toLocaleString('en-US')} / {limit.toLocaleString('en-US')}
      {suffix ? ` · ${WEB_PUBLISHING_TEXTS.unlockLinkCounted}` : ''}
    </span>
  );
  const titleMax = PLATFORM_RULES[platform].title?.maxLength;

  return (
    <div className="space-y-3 border-t border-ink-800 pt-3">
      {titleMax ? (
        <Field
          label={WEB_PUBLISHING_TEXTS.title}
          hint={
            <span className="tabular-nums">
              {captionLength(draft.title.trim())} / {titleMax}
            </span>
          }
        >
          {(control) => (
            <Input
              {...control}
              name={`targets.${platform}.title`}
              value={draft.title}
              onChange={(event) => onChange({ ...draft, title: event.target.value })}
              required
              disabled={disabled}
            />
          )}
        </Field>
      ) : null}

      {platform === 'tiktok' && account.privacyLevels.length ? (
        <Field
          label={WEB_PUBLISHING_TEXTS.privacy}
          hint={account.privateOnly ? PLATFORM_TEXTS.privateOnly : undefined}
        >
          {(control) => (
            <Select
              {...control}
              name={`targets.${platform}.privacyLevel`}
              value={draft.privacyLevel}
              onChange={(event) => onChange({ ...draft, privacyLevel: event.target.value })}
              disabled={disabled}
            >
              {account.privacyLevels.map((level) => (
                <option key={level} value={level}>
                  {PRIVACY_LEVEL_LABELS[level] ?? level}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}

      <div>
        <label className="flex cursor-pointer items-start gap-2.5 text-sm font-medium text-zinc-300">
          <input
            type="checkbox"
            checked={draft.ownCaption}
            disabled={disabled}
            onChange={(event) => onChange(withOwnCaption(draft, event.target.checked, caption))}
            aria-describedby={`${id}-own`}
            className={CHECKBOX}
          />
          {WEB_PUBLISHING_TEXTS.ownCaption}
        </label>
        <p id={`${id}-own`} className="pl-6.5 text-xs text-zinc-400">
          {WEB_PUBLISHING_TEXTS.ownCaptionHint(name)}
        </p>
      </div>
      {draft.ownCaption ? (
        <Field label={WEB_PUBLISHING_TEXTS.captionOn(name)} hint={count}>
          {(control) => (
            <Textarea
              {...control}
              name={`targets.${platform}.caption`}
              value={draft.caption}
              onChange={(event) => onChange({ ...draft, caption: event.target.value })}
              rows={3}
              disabled={disabled}
              className="min-h-20"
            />
          )}
        </Field>
      ) : (
        <p className="text-xs text-zinc-400">
          {WEB_PUBLISHING_TEXTS.postCaptionCount} {count}
        </p>
      )}
    </div>
  );
}
