import {
  BIO_MAX,
  PUBLISHING_TEXTS,
  publicPagePath,
  ZPageSettingsRequest,
  type TPageSettings,
} from '@muse/shared';
import { Copy, ExternalLink, Globe, Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import {
  ErrorBanner,
  Field,
  Input,
  Textarea,
  errorText,
  fieldIssues,
  focusField,
} from '../../../components/ui/form';
import { QueryError } from '../../../components/ui/query-error';
import { toast } from '../../../components/ui/toaster';
import { hasErrorCode } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { usePageSettings } from '../api/get-page-settings';
import { useSavePageSettings } from '../api/save-page-settings';
import { WEB_PUBLISHING_TEXTS } from '../publishing-texts';

type TFieldErrors = Partial<Record<'handle' | 'bio' | 'published', string>>;

/** The server's refusals of the handle: their texts belong under the handle field. */
function isAboutHandle(error: unknown): boolean {
  return (
    hasErrorCode(error, 'HANDLE_TAKEN', 'HANDLE_KEPT') ||
    (hasErrorCode(error, 'INVALID_REQUEST') && error.field === 'handle')
  );
}

/** The site's own address, before `/i/<handle>`. */
function siteOrigin(): string {
  return globalThis.location?.origin ?? '';
}

/**
 * The influencer's public page (docs/product/publishing.md): its handle (the address
 * `/i/<handle>`), a bio, and whether the page is published; once it is, its link to open and to
 * copy.
 */
export function PageSettingsCard({ influencerId }: { influencerId: string }) {
  const page = usePageSettings(influencerId);
  return (
    <section
      aria-labelledby="public-page-heading"
      className="rounded-2xl border border-ink-800 bg-ink-900/70 p-5 sm:p-6"
    >
      <header className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-500/15 text-brand-300">
          <Globe aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 space-y-0.5">
          <h2 id="public-page-heading" className="text-lg font-semibold text-white">
            {WEB_PUBLISHING_TEXTS.pageCardTitle}
          </h2>
          <p className="text-sm text-zinc-400">{WEB_PUBLISHING_TEXTS.pageCardNote}</p>
        </div>
      </header>
      {page.isPending ? (
        <div role="status" aria-label="Loading the page settings" className="mt-5 space-y-3">
          <span className="block h-11 animate-pulse rounded-xl bg-ink-800" />
          <span className="block h-24 animate-pulse rounded-xl bg-ink-800" />
        </div>
      ) : page.isError ? (
        <QueryError query={page} title={WEB_PUBLISHING_TEXTS.pageLoadFailed} className="mt-5" />
      ) : (
        // A fresh form once the saved settings are in, so it starts from them.
        <PageSettingsForm key={influencerId} influencerId={influencerId} saved={page.data} />
      )}
    </section>
  );
}

function PageSettingsForm({
  influencerId,
  saved,
}: {
  influencerId: string;
  saved: TPageSettings | null;
}) {
  const save = useSavePageSettings();
  const [handle, setHandle] = useState(saved?.handle ?? '');
  const [bio, setBio] = useState(saved?.bio ?? '');
  const [published, setPublished] = useState(saved?.published ?? false);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const switchId = useId();
  const origin = siteOrigin();
  const prefix = `${origin}/i/`;

  function handleError(error: unknown) {
    const text = errorText(error, WEB_PUBLISHING_TEXTS.pageSaveFailed);
    if (isAboutHandle(error)) {
      setErrors({ handle: text });
      return;
    }
    setFormError(text);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = ZPageSettingsRequest.safeParse({ handle, bio, published });
    if (!parsed.success) {
      const issues = fieldIssues(parsed.error);
      setErrors(issues);
      focusField(
        event.currentTarget,
        (['handle', 'bio'] as const).find((name) => issues[name]),
      );
      return;
    }
    const wasPublished = saved?.published ?? false;
    save.mutate(
      { influencerId, settings: parsed.data },
      {
        onSuccess: (page) => {
          setHandle(page?.handle ?? parsed.data.handle);
          setBio(page?.bio ?? parsed.data.bio);
          const nowPublished = page?.published ?? parsed.data.published;
          setPublished(nowPublished);
          if (nowPublished && !wasPublished) toast.success(PUBLISHING_TEXTS.pagePublished);
          else if (!nowPublished && wasPublished) toast.success(PUBLISHING_TEXTS.pageUnpublished);
          else toast.success(PUBLISHING_TEXTS.pageSaved);
        },
        onError: handleError,
      },
    );
  }

  const busy = save.isPending;
  return (
    <form noValidate onSubmit={submit} aria-label="Public page settings" className="mt-5 space-y-5">
      {formError ? <ErrorBanner>{formError}</ErrorBanner> : null}

      <Field
        label="Handle"
        hint={
          <>
            Your page’s address:{' '}
            <span className="break-all text-zinc-300">
              {prefix}
              {handle || 'your.handle'}
            </span>
          </>
        }
        error={errors.handle}
      >
        {(control) => (
          <div
            className={cn(
              'flex h-11 min-w-0 items-center overflow-hidden rounded-xl border border-ink-600 bg-ink-900 focus-within:border-brand-400',
              errors.handle && 'border-red-500 focus-within:border-red-500',
            )}
          >
            <span
              aria-hidden="true"
              title={prefix}
              className="max-w-[45%] shrink-0 truncate border-r border-ink-700 bg-ink-800/60 px-3 text-sm leading-[2.75rem] text-zinc-400 [direction:rtl]"
            >
              {/* Cut from the left: the `/i/` stays in sight on a phone. */}
              <bdi>{prefix}</bdi>
            </span>
            <Input
              {...control}
              name="handle"
              value={handle}
              onChange={(event) => {
                setHandle(event.target.value.toLowerCase());
                setErrors((current) => ({ ...current, handle: undefined }));
              }}
              placeholder="ava.rose"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              disabled={busy}
              className="h-full min-w-0 flex-1 rounded-none border-0 px-3 focus:outline-none"
            />
          </div>
        )}
      </Field>

      <Field
        label="Bio"
        hint={
          <span className="tabular-nums">
            {bio.length} / {BIO_MAX}
          </span>
        }
        error={errors.bio}
      >
        {(control) => (
          <Textarea
            {...control}
            name="bio"
            value={bio}
            onChange={(event) => {
              setBio(event.target.value);
              setErrors((current) => ({ ...current, bio: undefined }));
            }}
            rows={3}
            placeholder="What fans find on this page"
            disabled={busy}
            className="min-h-20"
          />
        )}
      </Field>

      <label
        htmlFor={switchId}
        className="flex cursor-pointer items-start justify-between gap-4 rounded-xl border border-ink-700 bg-ink-950/60 p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400"
      >
        <span className="space-y-0.5">
          <span id={`${switchId}-label`} className="block text-sm font-medium text-zinc-200">
            Published
          </span>
          <span id={`${switchId}-hint`} className="block text-xs text-zinc-400">
            {saved?.hiddenByMuse
              ? PUBLISHING_TEXTS.pageHidden
              : published
                ? 'Anyone with the link can see the page.'
                : 'Hidden: the address shows “This page does not exist”.'}
          </span>
        </span>
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          name="published"
          checked={published}
          disabled={busy || saved?.hiddenByMuse}
          onChange={(event) => setPublished(event.target.checked)}
          aria-labelledby={`${switchId}-label`}
          aria-describedby={`${switchId}-hint`}
          className="peer sr-only"
        />
        <span
          aria-hidden="true"
          className="relative mt-0.5 h-6 w-11 shrink-0 rounded-full bg-ink-600 transition-colors peer-checked:bg-brand-500 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:transition-transform peer-checked:after:translate-x-5"
        />
      </label>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {saved?.published ? (
          <PageLink path={publicPagePath(saved.handle)} origin={origin} />
        ) : (
          <span />
        )}
        <Button type="submit" disabled={busy} className="sm:w-auto">
          {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/** The live page's link, to open in a new tab or to copy. */
function PageLink({ path, origin }: { path: string; origin: string }) {
  const address = `${origin}${path}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      toast.success(WEB_PUBLISHING_TEXTS.linkCopied);
    } catch {
      toast.error(WEB_PUBLISHING_TEXTS.copyFailed);
    }
  }

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <Button asChild variant="outline" size="sm" className="min-w-0">
        <a href={path} target="_blank" rel="noopener">
          <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">Open page</span>
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Button>
      <Button variant="ghost" size="sm" onClick={() => void copy()}>
        <Copy aria-hidden="true" className="size-4" />
        Copy link
      </Button>
    </div>
  );
}
