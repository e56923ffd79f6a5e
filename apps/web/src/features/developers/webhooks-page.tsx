import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_EVENT_TEXTS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEXTS,
  ZCreateWebhookEndpointRequest,
  type TWebhookDelivery,
  type TWebhookDeliveryStatus,
  type TWebhookEndpoint,
  type TWebhookEventType,
} from '@muse/shared';
import {
  ChevronDown,
  CircleCheck,
  CircleX,
  Clock3,
  ListChecks,
  Loader2,
  Send,
  TriangleAlert,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { PageHeading } from '../../components/layout/page-heading';
import { Button } from '../../components/ui/button';
import { ConfirmDeleteDialog } from '../../components/ui/confirm-dialog';
import { ErrorBanner, errorText, Field, fieldIssues, Input } from '../../components/ui/form';
import { Pill } from '../../components/ui/pill';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toaster';
import { ApiError, hasErrorCode } from '../../lib/api';
import { useCan } from '../../lib/workspaces';
import { RoleNote } from '../../components/workspace/role-note';
import { cn } from '../../lib/cn';
import { useCreateWebhookEndpoint } from './api/create-webhook-endpoint';
import { useDeleteWebhookEndpoint } from './api/delete-webhook-endpoint';
import { useWebhookDeliveries } from './api/get-webhook-deliveries';
import { useWebhookEndpoints } from './api/get-webhook-endpoints';
import { useResendWebhookDelivery } from './api/resend-webhook-delivery';
import { CheckboxGroup } from './components/checkbox-group';
import { DeveloperPageLinks } from './components/developer-page-links';
import { formatDay, formatDayAndTime } from './components/format';
import { SecretPanel } from './components/secret-panel';
import { Section } from './components/section';

/** This page's own words; the contract's are in WEBHOOK_TEXTS. */
export const WEBHOOKS_PAGE_TEXTS = {
  urlPlaceholder: 'https://example.com/muse',
  created: 'Your new endpoint',
  createFailed: 'The endpoint could not be added',
  list: 'Your endpoints',
  loading: 'Loading your endpoints...',
  loadFailed: 'Your webhook endpoints could not be loaded',
  added: 'Added',
  eventsList: 'Events',
  removeTitle: 'Remove this endpoint?',
  removeConfirm: 'Muse stops calling it at once, and its deliveries are no longer listed.',
  removeFailed: 'The endpoint could not be removed',
  disabledLabel: 'Turned off',
  deliveriesLoading: 'Loading deliveries...',
  deliveriesFailed: 'The deliveries could not be loaded',
  resendFailed: 'The delivery could not be sent again',
  notTriedYet: 'Not tried yet',
  nextAttempt: 'Next try',
} as const;

const STATUS_LOOK: Record<
  TWebhookDeliveryStatus,
  { label: string; icon: LucideIcon; className: string }
> = {
  pending: {
    label: 'Pending',
    icon: Clock3,
    className: 'border border-amber-400/30 bg-amber-500/10 text-amber-200',
  },
  succeeded: {
    label: 'Succeeded',
    icon: CircleCheck,
    className: 'border border-emerald-400/30 bg-emerald-500/10 text-emerald-300',
  },
  failed: {
    label: 'Failed',
    icon: CircleX,
    className: 'border border-red-400/30 bg-red-500/10 text-red-300',
  },
};

const EVENT_OPTIONS = WEBHOOK_EVENT_TYPES.map((type) => ({
  value: type,
  description: WEBHOOK_EVENT_TEXTS[type],
}));

type TField = 'url' | 'events';
const FIELDS: readonly TField[] = ['url', 'events'];
type TFieldErrors = Partial<Record<TField, string>>;

const isField = (field: string | undefined): field is TField =>
  (FIELDS as readonly (string | undefined)[]).includes(field);

function focusFirst(form: HTMLFormElement, field: TField | undefined) {
  if (field) form.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
}

/**
 * Webhooks (/settings/webhooks, docs/product/public-api.md): add an endpoint for the events it
 * wants, its signing secret shown once; each endpoint's recent deliveries, any of which can be
 * sent again; Remove stops the calls. Endpoints are the open workspace's, added and removed by
 * its owners and admins (the 'developers' right); other roles see the list only.
 */
export function WebhooksPage() {
  const endpoints = useWebhookEndpoints();
  const canManage = useCan('developers');
  return (
    <>
      <div className="space-y-4">
        <DeveloperPageLinks />
        <PageHeading title={WEBHOOK_TEXTS.title}>{WEBHOOK_TEXTS.intro}</PageHeading>
      </div>
      <div className="grid max-w-3xl min-w-0 gap-6">
        {canManage ? (
          <AddEndpointSection atLimit={(endpoints.data?.length ?? 0) >= MAX_WEBHOOK_ENDPOINTS} />
        ) : (
          <RoleNote />
        )}
        <EndpointsSection endpoints={endpoints} canRemove={canManage} />
      </div>
    </>
  );
}

function AddEndpointSection({ atLimit }: { atLimit: boolean }) {
  const create = useCreateWebhookEndpoint();
  const heading = useRef<HTMLHeadingElement>(null);
  // The secret lives here only, until Done.
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);

  function done() {
    setCreated(null);
    create.reset();
    heading.current?.focus();
  }

  return (
    <Section
      id="add-endpoint"
      title={WEBHOOK_TEXTS.add}
      icon={<Webhook aria-hidden="true" className="size-5" />}
      headingRef={heading}
    >
      {created ? (
        <>
          <p className="mb-3 text-sm text-zinc-300">
            {WEBHOOKS_PAGE_TEXTS.created}:{' '}
            <span className="font-mono text-zinc-100 break-all">{created.url}</span>
          </p>
          <SecretPanel
            title={WEBHOOK_TEXTS.secret}
            label={WEBHOOK_TEXTS.secret}
            secret={created.secret}
            onDone={done}
          />
        </>
      ) : (
        <AddEndpointForm create={create} atLimit={atLimit} onCreated={setCreated} />
      )}
    </Section>
  );
}

function AddEndpointForm({
  create,
  atLimit,
  onCreated,
}: {
  create: ReturnType<typeof useCreateWebhookEndpoint>;
  atLimit: boolean;
  onCreated: (created: { url: string; secret: string }) => void;
}) {
  const busy = create.isPending;
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<TWebhookEventType[]>([]);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const clear = (field: TField) => setErrors((current) => ({ ...current, [field]: undefined }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(null);
    const parsed = ZCreateWebhookEndpointRequest.safeParse({ url, events });
    if (!parsed.success) {
      const found: TFieldErrors = fieldIssues(parsed.error);
      setErrors(found);
      focusFirst(
        form,
        FIELDS.find((field) => found[field]),
      );
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (answer) => onCreated({ url: answer.endpoint.url, secret: answer.secret }),
      onError: (error) => {
        const field = error instanceof ApiError ? error.field : undefined;
        // An address Muse will not call (not https, private) is about the URL field.
        if (hasErrorCode(error, 'WEBHOOK_URL_NOT_ALLOWED')) {
          setErrors({ url: errorText(error) });
          focusFirst(form, 'url');
        } else if (hasErrorCode(error, 'INVALID_REQUEST') && isField(field)) {
          setErrors({ [field]: errorText(error) });
          focusFirst(form, field);
        } else {
          setFormError(errorText(error, WEBHOOKS_PAGE_TEXTS.createFailed));
        }
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {formError ? <ErrorBanner>{formError}</ErrorBanner> : null}
      {atLimit ? (
        <p className="rounded-xl border border-amber-400/30 bg-amber-500/10 px-4 py-3 text-sm text-amber-100">
          {WEBHOOK_TEXTS.tooMany}
        </p>
      ) : null}

      <Field label={WEBHOOK_TEXTS.url} error={errors.url}>
        {(control) => (
          <Input
            {...control}
            name="url"
            type="url"
            inputMode="url"
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              clear('url');
            }}
            placeholder={WEBHOOKS_PAGE_TEXTS.urlPlaceholder}
            autoComplete="off"
            spellCheck={false}
            maxLength={2000}
            required
            disabled={busy}
          />
        )}
      </Field>

      <CheckboxGroup
        legend={WEBHOOK_TEXTS.events}
        name="events"
        options={EVENT_OPTIONS}
        value={events}
        onChange={(next) => {
          setEvents(next);
          clear('events');
        }}
        error={errors.events}
        disabled={busy}
      />

      <Button type="submit" disabled={busy}>
        {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
        {busy ? 'Adding...' : WEBHOOK_TEXTS.add}
      </Button>
    </form>
  );
}

function EndpointsSection({
  endpoints,
  canRemove,
}: {
  endpoints: ReturnType<typeof useWebhookEndpoints>;
  canRemove: boolean;
}) {
  const remove = useDeleteWebhookEndpoint();
  const [removing, setRemoving] = useState<TWebhookEndpoint | null>(null);

  function confirmRemove() {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast.success(WEBHOOK_TEXTS.removed);
        setRemoving(null);
      },
      onError: (error) => {
        if (hasErrorCode(error, 'WEBHOOK_ENDPOINT_NOT_FOUND')) {
          // Removed meanwhile (another tab): the list is read again and it leaves it.
          toast.error(WEBHOOK_TEXTS.notFound);
          setRemoving(null);
          return;
        }
        toast.error(errorText(error, WEBHOOKS_PAGE_TEXTS.removeFailed));
      },
    });
  }

  let body;
  if (endpoints.isPending) body = <Spinner label={WEBHOOKS_PAGE_TEXTS.loading} className="py-6" />;
  else if (endpoints.isError) {
    body = (
      <QueryError
        query={endpoints}
        title={WEBHOOKS_PAGE_TEXTS.loadFailed}
        detail={errorText(endpoints.error, 'Please try again in a moment.')}
      />
    );
  } else if (endpoints.data.length === 0) {
    body = (
      <p className="rounded-xl border border-dashed border-ink-700 px-4 py-8 text-center text-sm text-zinc-400">
        {WEBHOOK_TEXTS.none}
      </p>
    );
  } else {
    body = (
      <ul className="space-y-4">
        {endpoints.data.map((endpoint) => (
          <EndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            onRemove={canRemove ? () => setRemoving(endpoint) : undefined}
          />
        ))}
      </ul>
    );
  }

  return (
    <Section
      id="endpoints"
      title={WEBHOOKS_PAGE_TEXTS.list}
      icon={<ListChecks aria-hidden="true" className="size-5" />}
      description={
        endpoints.data ? `${endpoints.data.length} of ${MAX_WEBHOOK_ENDPOINTS}` : undefined
      }
    >
      {body}
      <ConfirmDeleteDialog
        open={removing !== null}
        title={WEBHOOKS_PAGE_TEXTS.removeTitle}
        description={WEBHOOKS_PAGE_TEXTS.removeConfirm}
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
        confirmLabel={WEBHOOK_TEXTS.remove}
        pendingLabel="Removing..."
      >
        {removing ? (
          <p className="mt-4 rounded-xl border border-ink-700 bg-ink-950/60 px-3 py-2 font-mono text-sm text-zinc-200 break-all">
            {removing.url}
          </p>
        ) : null}
      </ConfirmDeleteDialog>
    </Section>
  );
}

function EndpointCard({
  endpoint,
  onRemove,
}: {
  endpoint: TWebhookEndpoint;
  onRemove?: () => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <li
      aria-label={endpoint.url}
      className="min-w-0 rounded-xl border border-ink-800 bg-ink-950/40 p-4"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1 space-y-2">
          <p className="font-mono text-sm font-medium text-zinc-100 break-all">{endpoint.url}</p>
          <ul aria-label={WEBHOOKS_PAGE_TEXTS.eventsList} className="flex flex-wrap gap-1.5">
            {endpoint.events.map((type) => (
              <li key={type}>
                <code
                  title={WEBHOOK_EVENT_TEXTS[type]}
                  className="inline-block rounded-md border border-ink-700 bg-ink-950/60 px-1.5 py-px font-mono text-xs text-zinc-300"
                >
                  {type}
                </code>
              </li>
            ))}
          </ul>
          <p className="text-sm text-zinc-400">
            {WEBHOOKS_PAGE_TEXTS.added} {formatDay(endpoint.createdAt)}
          </p>
        </div>
        {onRemove ? (
          <Button variant="secondary" size="sm" className="self-start" onClick={onRemove}>
            {WEBHOOK_TEXTS.remove}
            <span className="sr-only"> {endpoint.url}</span>
          </Button>
        ) : null}
      </div>

      {endpoint.disabledAt ? (
        <p className="mt-3 flex gap-2 rounded-lg border border-amber-400/30 bg-amber-500/10 px-3 py-2 text-sm text-amber-100">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
          <span>
            <span className="font-semibold">
              {WEBHOOKS_PAGE_TEXTS.disabledLabel} {formatDay(endpoint.disabledAt)}:
            </span>{' '}
            {WEBHOOK_TEXTS.disabled}
          </span>
        </p>
      ) : null}

      <div className="mt-3 border-t border-ink-800 pt-3">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-deliveries`}
          onClick={() => setOpen((shown) => !shown)}
          className="-mx-2 inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-zinc-300 hover:bg-ink-800 hover:text-white"
        >
          <ChevronDown
            aria-hidden="true"
            className={cn('size-4 transition-transform', open && 'rotate-180')}
          />
          {WEBHOOK_TEXTS.deliveries}
        </button>
        <div id={`${id}-deliveries`} hidden={!open}>
          {open ? <Deliveries endpointId={endpoint.id} /> : null}
        </div>
      </div>
    </li>
  );
}

function Deliveries({ endpointId }: { endpointId: string }) {
  const deliveries = useWebhookDeliveries(endpointId, true);
  const resend = useResendWebhookDelivery();

  function sendAgain(delivery: TWebhookDelivery) {
    resend.mutate(
      { endpointId, deliveryId: delivery.id },
      {
        onSuccess: () => toast.success(WEBHOOK_TEXTS.resent),
        onError: (error) =>
          toast.error(
            hasErrorCode(error, 'WEBHOOK_DELIVERY_NOT_FOUND')
              ? WEBHOOK_TEXTS.deliveryNotFound
              : errorText(error, WEBHOOKS_PAGE_TEXTS.resendFailed),
          ),
      },
    );
  }

  if (deliveries.isPending) {
    return <Spinner label={WEBHOOKS_PAGE_TEXTS.deliveriesLoading} className="py-4" />;
  }
  if (deliveries.isError) {
    return (
      <QueryError
        query={deliveries}
        title={WEBHOOKS_PAGE_TEXTS.deliveriesFailed}
        detail={errorText(deliveries.error, 'Please try again in a moment.')}
        className="mt-2 py-6"
      />
    );
  }
  if (deliveries.data.length === 0) {
    return <p className="mt-2 text-sm text-zinc-400">{WEBHOOK_TEXTS.noDeliveries}</p>;
  }
  return (
    <ul className="mt-2 divide-y divide-ink-800 rounded-lg border border-ink-800">
      {deliveries.data.map((delivery) => (
        <DeliveryRow
          key={delivery.id}
          delivery={delivery}
          busy={resend.isPending && resend.variables?.deliveryId === delivery.id}
          onSendAgain={() => sendAgain(delivery)}
        />
      ))}
    </ul>
  );
}

/** What the receiver last answered: its HTTP status, or why it could not be reached. */
function lastAnswer(delivery: TWebhookDelivery): string {
  if (delivery.lastStatusCode !== null) return `HTTP ${delivery.lastStatusCode}`;
  if (delivery.lastResponse) return delivery.lastResponse;
  return WEBHOOKS_PAGE_TEXTS.notTriedYet;
}

function DeliveryRow({
  delivery,
  busy,
  onSendAgain,
}: {
  delivery: TWebhookDelivery;
  busy: boolean;
  onSendAgain: () => void;
}) {
  const look = STATUS_LOOK[delivery.status];
  const when = formatDayAndTime(delivery.createdAt);
  return (
    <li
      aria-label={`${delivery.type}, ${look.label}, ${when}`}
      className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <code className="font-mono text-sm text-zinc-100 wrap-anywhere">{delivery.type}</code>
          <Pill icon={look.icon} className={look.className}>
            {look.label}
          </Pill>
        </div>
        <p className="text-xs text-zinc-400 wrap-anywhere">
          <span className={cn(delivery.status === 'failed' && 'text-red-300')}>
            {lastAnswer(delivery)}
          </span>
          {' · '}
          {delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`}
          {' · '}
          <time dateTime={delivery.createdAt}>{when}</time>
          {delivery.status === 'pending' && delivery.nextAttemptAt ? (
            <>
              {' · '}
              {WEBHOOKS_PAGE_TEXTS.nextAttempt} {formatDayAndTime(delivery.nextAttemptAt)}
            </>
          ) : null}
        </p>
        {delivery.lastStatusCode !== null && delivery.lastResponse ? (
          <p
            title={delivery.lastResponse}
            className="line-clamp-2 font-mono text-xs text-zinc-400 wrap-anywhere"
          >
            {delivery.lastResponse}
          </p>
        ) : null}
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start sm:self-center"
        disabled={busy}
        onClick={onSendAgain}
      >
        {busy ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Send aria-hidden="true" className="size-4" />
        )}
        {WEBHOOK_TEXTS.resend}
        <span className="sr-only">
          {' '}
          {delivery.type} from {when}
        </span>
      </Button>
    </li>
  );
}
