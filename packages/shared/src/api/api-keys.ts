/**
 * Keys for programs and the webhooks they receive (docs/product/public-api.md): the contracts
 * of the Settings pages and of the public API under /api/v1.
 */
import { z } from 'zod';
import { safeText } from './input';

/** What a key may do. A session may do all of it. */
export const API_SCOPES = [
  'influencers:read',
  'influencers:write',
  'tools:run',
  'publishing:write',
  'billing:read',
  'webhooks:write',
] as const;
export type TApiScope = (typeof API_SCOPES)[number];

/** What each scope lets a key do, in the words of the Settings page. */
export const API_SCOPE_TEXTS: Record<TApiScope, string> = {
  'influencers:read': 'Read influencers, personas and their photos',
  'influencers:write': 'Create, change and delete influencers; add photos and train personas',
  'tools:run':
    'Run every AI tool, manage the products of product shots, and read, download and delete gallery items',
  'publishing:write': 'Read and change public pages, posts and the calendar',
  'billing:read': 'Read the credit balance and the credit history',
  'webhooks:write': 'Add, read and remove webhook endpoints',
};

/** Every key's secret starts so: secret scanners find a leaked one by it. */
export const API_KEY_PREFIX = 'muse_sk_';
/** Every webhook endpoint's signing secret starts so (Standard Webhooks). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** How many characters of a key the list shows (the prefix and a few more). */
export const API_KEY_SHOWN_CHARS = API_KEY_PREFIX.length + 6;

export const API_KEY_TEXTS = {
  title: 'API keys',
  intro:
    'Programs (a scheduler, a spreadsheet, n8n or Zapier) call the Muse API with a key. A key does only what its scopes allow and spends the credits of this account.',
  create: 'Create key',
  name: 'Name',
  namePlaceholder: 'Scheduler',
  nameRequired: 'Give the key a name',
  nameTooLong: 'The name must be at most 60 characters',
  scopes: 'Scopes',
  scopesRequired: 'Choose at least one scope',
  expiry: 'Expires',
  expiryNever: 'Never',
  expiryPast: 'The expiry must be in the future',
  expiryInvalid: 'Give the expiry as a date and time, such as 2027-01-31T23:59:59Z',
  created: 'Your new key',
  copyNow: 'Copy it now: it will not be shown again',
  copy: 'Copy',
  copied: 'Copied',
  done: 'Done',
  none: 'No API keys yet',
  lastUsed: 'Last used',
  neverUsed: 'Never used',
  expires: 'Expires',
  expired: 'Expired',
  revoke: 'Revoke',
  revokeConfirm: 'Programs using this key will stop working at once.',
  revoked: 'Key revoked',
  notFound: 'This API key does not exist',
  tooMany: 'An account can hold at most 50 API keys: revoke one first',
  reference: 'API reference',
} as const;

/** Live keys an account may hold at once. */
export const MAX_API_KEYS = 50;

export const ZApiScope = z.enum(API_SCOPES);

/** POST /api/api-keys */
export const ZCreateApiKeyRequest = z.object({
  name: safeText({ error: API_KEY_TEXTS.nameRequired })
    .trim()
    .min(1, API_KEY_TEXTS.nameRequired)
    .max(60, API_KEY_TEXTS.nameTooLong),
  scopes: z
    .array(ZApiScope, { error: API_KEY_TEXTS.scopesRequired })
    .min(1, API_KEY_TEXTS.scopesRequired)
    .max(API_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
  /** ISO 8601; omitted or null: the key never expires. */
  expiresAt: z.iso
    .datetime({ offset: true, error: API_KEY_TEXTS.expiryInvalid })
    .nullable()
    .optional()
    .refine((value) => !value || Date.parse(value) > Date.now(), API_KEY_TEXTS.expiryPast),
});
export type TCreateApiKeyRequest = z.input<typeof ZCreateApiKeyRequest>;

/** A key as its owner sees it: never the secret, only its first characters. */
export const ZApiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret (`muse_sk_` and six more). */
  prefix: z.string(),
  scopes: z.array(ZApiScope),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZCreateApiKeyResponse = z.object({
  success: z.literal(true),
  /** The secret, this once: Muse keeps only its hash. */
  key: z.string(),
  apiKey: ZApiKey,
});
export type TCreateApiKeyResponse = z.infer<typeof ZCreateApiKeyResponse>;

/** GET /api/api-keys: the account's live keys (revoked ones are gone from the list). */
export const ZApiKeysResponse = z.object({ success: z.literal(true), apiKeys: z.array(ZApiKey) });
export type TApiKeysResponse = z.infer<typeof ZApiKeysResponse>;

// Webhooks

/** The events an endpoint may ask for. */
export const WEBHOOK_EVENT_TYPES = [
  'job.succeeded',
  'job.failed',
  'persona.trained',
  'persona.training_failed',
  'post.published',
  'post.sold',
] as const;
export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_TEXTS: Record<TWebhookEventType, string> = {
  'job.succeeded': 'A job finished; its outputs are in the gallery',
  'job.failed': 'A job failed; its credits were refunded',
  'persona.trained': 'A persona is trained and ready',
  'persona.training_failed': 'A persona’s training failed; its model token was refunded',
  'post.published': 'A post went out on its public page',
  'post.sold': 'A fan bought a pay-per-view post',
};

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type TWebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_TEXTS = {
  title: 'Webhooks',
  intro:
    'Muse calls your endpoint when something happens: a job finishes, a persona is trained, a post is published or sold. Each call is signed (Standard Webhooks) with the endpoint’s secret.',
  add: 'Add endpoint',
  url: 'Endpoint URL',
  urlInvalid: 'Enter the full address of your endpoint, such as https://example.com/muse',
  urlHttps: 'The endpoint must use https',
  urlPrivate: 'The endpoint must be reachable on the internet, not a private or local address',
  events: 'Events',
  eventsRequired: 'Choose at least one event',
  secret: 'Signing secret',
  none: 'No webhook endpoints yet',
  remove: 'Remove',
  removed: 'Endpoint removed',
  deliveries: 'Recent deliveries',
  noDeliveries: 'Nothing sent yet',
  resend: 'Send again',
  resent: 'Sent again',
  disabled: 'Turned off after failing for 5 days: add it again once it answers',
  notFound: 'This webhook endpoint does not exist',
  deliveryNotFound: 'This delivery does not exist',
  tooMany: 'An account can hold at most 20 webhook endpoints: remove one first',
} as const;

/** Endpoints an account may hold at once. */
export const MAX_WEBHOOK_ENDPOINTS = 20;

export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);

/** POST /api/v1/webhook-endpoints */
export const ZCreateWebhookEndpointRequest = z.object({
  url: safeText({ error: WEBHOOK_TEXTS.urlInvalid })
    .trim()
    .max(2000, WEBHOOK_TEXTS.urlInvalid)
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      error: WEBHOOK_TEXTS.urlInvalid,
    }),
  events: z
    .array(ZWebhookEventType, { error: WEBHOOK_TEXTS.eventsRequired })
    .min(1, WEBHOOK_TEXTS.eventsRequired)
    .max(WEBHOOK_EVENT_TYPES.length)
    .transform((events) => [...new Set(events)]),
});
export type TCreateWebhookEndpointRequest = z.input<typeof ZCreateWebhookEndpointRequest>;

export const ZWebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(ZWebhookEventType),
  createdAt: z.string(),
  /** Set when Muse turned the endpoint off after 5 days of failures. */
  disabledAt: z.string().nullable(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZCreateWebhookEndpointResponse = z.object({
  success: z.literal(true),
  /** The signing secret (`whsec_…`), this once. */
  secret: z.string(),
  endpoint: ZWebhookEndpoint,
});
export type TCreateWebhookEndpointResponse = z.infer<typeof ZCreateWebhookEndpointResponse>;

export const ZWebhookEndpointsResponse = z.object({
  success: z.literal(true),
  endpoints: z.array(ZWebhookEndpoint),
});
export type TWebhookEndpointsResponse = z.infer<typeof ZWebhookEndpointsResponse>;

export const ZWebhookDelivery = z.object({
  id: z.string(),
  type: ZWebhookEventType,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  /** The receiver's last HTTP status; null when it could not be reached. */
  lastStatusCode: z.number().nullable(),
  /** The start of its last answer, or why it could not be reached. */
  lastResponse: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

/** GET /api/v1/webhook-endpoints/{id}/deliveries: the newest 50. */
export const ZWebhookDeliveriesResponse = z.object({
  success: z.literal(true),
  deliveries: z.array(ZWebhookDelivery),
});
export type TWebhookDeliveriesResponse = z.infer<typeof ZWebhookDeliveriesResponse>;

/** POST /api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/resend: the delivery, its new try queued. */
export const ZResendWebhookDeliveryResponse = z.object({
  success: z.literal(true),
  delivery: ZWebhookDelivery,
});
export type TResendWebhookDeliveryResponse = z.infer<typeof ZResendWebhookDeliveryResponse>;
