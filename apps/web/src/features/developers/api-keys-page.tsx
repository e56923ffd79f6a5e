import {
  API_KEY_TEXTS,
  API_SCOPES,
  API_SCOPE_TEXTS,
  MAX_API_KEYS,
  ZCreateApiKeyRequest,
  type TApiKey,
  type TApiScope,
} from '@muse/shared';
import { KeyRound, ListChecks, Loader2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { PageHeading } from '../../components/layout/page-heading';
import { Button } from '../../components/ui/button';
import { ConfirmDeleteDialog } from '../../components/ui/confirm-dialog';
import { ErrorBanner, errorText, Field, fieldIssues, Input } from '../../components/ui/form';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toaster';
import { ApiError, hasErrorCode } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useCan } from '../../lib/workspaces';
import { RoleNote } from '../../components/workspace/role-note';
import { useCreateApiKey } from './api/create-api-key';
import { useApiKeys } from './api/get-api-keys';
import { useRevokeApiKey } from './api/revoke-api-key';
import { CheckboxGroup } from './components/checkbox-group';
import { DeveloperPageLinks } from './components/developer-page-links';
import { endOfDay, formatDay, formatDayAndTime, todayKey } from './components/format';
import { SecretPanel } from './components/secret-panel';
import { Section } from './components/section';

/** This page's own words; the contract's are in API_KEY_TEXTS. */
export const API_KEYS_PAGE_TEXTS = {
  expiryOnDate: 'On a date',
  expiryDay: 'Last day it works',
  expiryDayHint: 'The key stops working at the end of this day, on your clock.',
  expiryDayRequired: 'Choose the last day the key works',
  createFailed: 'The key could not be created',
  revokeFailed: 'The key could not be revoked',
  secretLabel: 'Secret key',
  created: 'Created',
  list: 'Your keys',
  loading: 'Loading your keys...',
  loadFailed: 'Your API keys could not be loaded',
  scopesList: 'Scopes',
} as const;

const SCOPE_OPTIONS = API_SCOPES.map((scope) => ({
  value: scope,
  description: API_SCOPE_TEXTS[scope],
}));

type TField = 'name' | 'scopes' | 'expiresAt';
const FIELDS: readonly TField[] = ['name', 'scopes', 'expiresAt'];
type TFieldErrors = Partial<Record<TField, string>>;

const isField = (field: string | undefined): field is TField =>
  (FIELDS as readonly (string | undefined)[]).includes(field);

/** Moves focus to the first control named `field` (a checkbox group's first box). */
function focusFirst(form: HTMLFormElement, field: TField | undefined) {
  if (field) form.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
}

/**
 * API keys (/settings/api-keys, docs/product/public-api.md): create a key for a program with
 * the scopes it needs and, if wanted, a last day; its secret is shown once. The list shows each
 * live key by its first characters; Revoke ends one at once. Keys are the open workspace's, made
 * and revoked by its owners and admins (the 'developers' right); other roles see the list only.
 */
export function ApiKeysPage() {
  const keys = useApiKeys();
  const canManage = useCan('developers');
  return (
    <>
      <div className="space-y-4">
        <DeveloperPageLinks />
        <PageHeading title={API_KEY_TEXTS.title}>{API_KEY_TEXTS.intro}</PageHeading>
      </div>
      <div className="grid max-w-3xl min-w-0 gap-6">
        {canManage ? (
          <CreateKeySection atLimit={(keys.data?.length ?? 0) >= MAX_API_KEYS} />
        ) : (
          <RoleNote />
        )}
        <KeysSection keys={keys} canRevoke={canManage} />
      </div>
    </>
  );
}

function CreateKeySection({ atLimit }: { atLimit: boolean }) {
  const create = useCreateApiKey();
  const heading = useRef<HTMLHeadingElement>(null);
  // The secret lives here only, until Done: never in the query cache, never in storage.
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);

  function done() {
    setCreated(null);
    create.reset();
    heading.current?.focus();
  }

  return (
    <Section
      id="create-key"
      title={API_KEY_TEXTS.create}
      icon={<KeyRound aria-hidden="true" className="size-5" />}
      headingRef={heading}
    >
      {created ? (
        <SecretPanel
          title={`${API_KEY_TEXTS.created}: ${created.name}`}
          label={API_KEYS_PAGE_TEXTS.secretLabel}
          secret={created.key}
          onDone={done}
        />
      ) : (
        <CreateKeyForm
          create={create}
          atLimit={atLimit}
          onCreated={(answer) => setCreated(answer)}
        />
      )}
    </Section>
  );
}

function CreateKeyForm({
  create,
  atLimit,
  onCreated,
}: {
  create: ReturnType<typeof useCreateApiKey>;
  atLimit: boolean;
  onCreated: (created: { name: string; key: string }) => void;
}) {
  const busy = create.isPending;
  const expiryId = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TApiScope[]>([]);
  const [expiry, setExpiry] = useState<'never' | 'date'>('never');
  const [day, setDay] = useState('');
  const [today] = useState(() => todayKey());
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const clear = (field: TField) => setErrors((current) => ({ ...current, [field]: undefined }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(null);
    const expiresAt = expiry === 'date' ? endOfDay(day) : null;
    const parsed = ZCreateApiKeyRequest.safeParse({ name, scopes, expiresAt });
    const found: TFieldErrors = parsed.success ? {} : fieldIssues(parsed.error);
    if (expiry === 'date' && !expiresAt) found.expiresAt = API_KEYS_PAGE_TEXTS.expiryDayRequired;
    if (!parsed.success || found.expiresAt) {
      setErrors(found);
      focusFirst(
        form,
        FIELDS.find((field) => found[field]),
      );
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (answer) => onCreated({ name: answer.apiKey.name, key: answer.key }),
      onError: (error) => {
        const field = error instanceof ApiError ? error.field : undefined;
        if (hasErrorCode(error, 'INVALID_REQUEST') && isField(field)) {
          setErrors({ [field]: errorText(error) });
          focusFirst(form, field);
        } else {
          setFormError(errorText(error, API_KEYS_PAGE_TEXTS.createFailed));
        }
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {formError ? <ErrorBanner>{formError}</ErrorBanner> : null}
      {atLimit ? (
        <p className="rounded-xl border border-amber-400/30 bg-amber-500/10 px-4 py-3 text-sm text-amber-100">
          {API_KEY_TEXTS.tooMany}
        </p>
      ) : null}

      <Field label={API_KEY_TEXTS.name} error={errors.name}>
        {(control) => (
          <Input
            {...control}
            name="name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              clear('name');
            }}
            placeholder={API_KEY_TEXTS.namePlaceholder}
            autoComplete="off"
            maxLength={60}
            required
            disabled={busy}
          />
        )}
      </Field>

      <CheckboxGroup
        legend={API_KEY_TEXTS.scopes}
        name="scopes"
        options={SCOPE_OPTIONS}
        value={scopes}
        onChange={(next) => {
          setScopes(next);
          clear('scopes');
        }}
        error={errors.scopes}
        disabled={busy}
      />

      <fieldset
        className="min-w-0"
        aria-describedby={errors.expiresAt ? `${expiryId}-error` : undefined}
      >
        <legend className="mb-2 text-sm font-medium text-zinc-300">{API_KEY_TEXTS.expiry}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(
            [
              ['never', API_KEY_TEXTS.expiryNever],
              ['date', API_KEYS_PAGE_TEXTS.expiryOnDate],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 text-sm text-zinc-200"
            >
              <input
                type="radio"
                name="expiry"
                value={value}
                checked={expiry === value}
                disabled={busy}
                onChange={() => {
                  setExpiry(value);
                  clear('expiresAt');
                }}
                className="size-4 cursor-pointer accent-brand-500"
              />
              {label}
            </label>
          ))}
        </div>
        {expiry === 'date' ? (
          <div className="mt-3 max-w-xs">
            <Field
              label={API_KEYS_PAGE_TEXTS.expiryDay}
              hint={API_KEYS_PAGE_TEXTS.expiryDayHint}
              invalid={Boolean(errors.expiresAt)}
            >
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  name="expiresAt"
                  value={day}
                  min={today}
                  onChange={(event) => {
                    setDay(event.target.value);
                    clear('expiresAt');
                  }}
                  disabled={busy}
                  required
                  className="min-w-0"
                />
              )}
            </Field>
          </div>
        ) : null}
        {errors.expiresAt ? (
          <p id={`${expiryId}-error`} className="mt-2 text-sm text-red-400">
            {errors.expiresAt}
          </p>
        ) : null}
      </fieldset>

      <Button type="submit" disabled={busy}>
        {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
        {busy ? 'Creating...' : API_KEY_TEXTS.create}
      </Button>
    </form>
  );
}

function KeysSection({
  keys,
  canRevoke,
}: {
  keys: ReturnType<typeof useApiKeys>;
  canRevoke: boolean;
}) {
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  // When the page was opened: a key that expires while it is open says so on the next visit.
  const [now] = useState(() => Date.now());

  function confirmRevoke() {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast.success(API_KEY_TEXTS.revoked);
        setRevoking(null);
      },
      onError: (error) => {
        if (hasErrorCode(error, 'API_KEY_NOT_FOUND')) {
          // Revoked meanwhile (another tab): the list is read again and it leaves it.
          toast.error(API_KEY_TEXTS.notFound);
          setRevoking(null);
          return;
        }
        toast.error(errorText(error, API_KEYS_PAGE_TEXTS.revokeFailed));
      },
    });
  }

  let body;
  if (keys.isPending) body = <Spinner label={API_KEYS_PAGE_TEXTS.loading} className="py-6" />;
  else if (keys.isError) {
    body = (
      <QueryError
        query={keys}
        title={API_KEYS_PAGE_TEXTS.loadFailed}
        detail={errorText(keys.error, 'Please try again in a moment.')}
      />
    );
  } else if (keys.data.length === 0) {
    body = (
      <p className="rounded-xl border border-dashed border-ink-700 px-4 py-8 text-center text-sm text-zinc-400">
        {API_KEY_TEXTS.none}
      </p>
    );
  } else {
    body = (
      <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800">
        {keys.data.map((key) => (
          <KeyRow
            key={key.id}
            apiKey={key}
            now={now}
            onRevoke={canRevoke ? () => setRevoking(key) : undefined}
          />
        ))}
      </ul>
    );
  }

  return (
    <Section
      id="keys"
      title={API_KEYS_PAGE_TEXTS.list}
      icon={<ListChecks aria-hidden="true" className="size-5" />}
      description={keys.data ? `${keys.data.length} of ${MAX_API_KEYS}` : undefined}
    >
      {body}
      <ConfirmDeleteDialog
        open={revoking !== null}
        title={`${API_KEY_TEXTS.revoke} “${revoking?.name ?? ''}”?`}
        description={API_KEY_TEXTS.revokeConfirm}
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
        confirmLabel={API_KEY_TEXTS.revoke}
        pendingLabel="Revoking..."
      />
    </Section>
  );
}

function KeyRow({
  apiKey,
  now,
  onRevoke,
}: {
  apiKey: TApiKey;
  now: number;
  onRevoke?: () => void;
}) {
  const expired = apiKey.expiresAt !== null && Date.parse(apiKey.expiresAt) <= now;
  return (
    <li aria-label={apiKey.name} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <p className="min-w-0 font-medium text-zinc-100 wrap-anywhere">{apiKey.name}</p>
          <code className="min-w-0 font-mono text-sm text-zinc-400 break-all">
            {apiKey.prefix}…
          </code>
        </div>
        <ul aria-label={API_KEYS_PAGE_TEXTS.scopesList} className="flex flex-wrap gap-1.5">
          {apiKey.scopes.map((scope) => (
            <li key={scope}>
              <code
                title={API_SCOPE_TEXTS[scope]}
                className="inline-block rounded-md border border-ink-700 bg-ink-950/60 px-1.5 py-px font-mono text-xs text-zinc-300"
              >
                {scope}
              </code>
            </li>
          ))}
        </ul>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs text-zinc-400">{API_KEYS_PAGE_TEXTS.created}</dt>
            <dd className="text-zinc-300">{formatDay(apiKey.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-xs text-zinc-400">{API_KEY_TEXTS.lastUsed}</dt>
            <dd className="text-zinc-300">
              {apiKey.lastUsedAt ? formatDayAndTime(apiKey.lastUsedAt) : API_KEY_TEXTS.neverUsed}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-zinc-400">{API_KEY_TEXTS.expires}</dt>
            <dd className={cn(expired ? 'font-medium text-red-300' : 'text-zinc-300')}>
              {expired
                ? API_KEY_TEXTS.expired
                : apiKey.expiresAt
                  ? formatDay(apiKey.expiresAt)
                  : API_KEY_TEXTS.expiryNever}
            </dd>
          </div>
        </dl>
      </div>
      {onRevoke ? (
        <Button variant="secondary" size="sm" className="self-start" onClick={onRevoke}>
          {API_KEY_TEXTS.revoke}
          <span className="sr-only"> {apiKey.name}</span>
        </Button>
      ) : null}
    </li>
  );
}
