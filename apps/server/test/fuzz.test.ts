/**
 * Hostile input never answers a server error (docs/decisions/0025-hostile-input.md). Every JSON
 * and upload route is called with values drawn from its own request schemas, valid and nearly
 * valid, mixed with hand-written hostile ones (NUL bytes, lone surrogates, ids beyond the integer
 * columns, malformed JSON and multipart, files that are not images). Every answer must be below
 * 500 and every error answer must have the `{ success: false, error, code }` shape, its code one
 * of the shared union answered with its own status (test/error-answers.ts).
 *
 * The runs are fixed and seeded, so a failure replays: the seed is printed, and
 * `FUZZ_SEED=<seed>` runs the same requests again. `ROUTES` names every route of the API; a route
 * it does not name fails the first test, so a new route cannot go unfuzzed.
 */
import {
  JOB_TOOLS,
  MARKETPLACE_IMAGE_SIZES,
  ZCreateApiKeyRequest,
  ZCreateWebhookEndpointRequest,
  ZCreateCheckoutRequest,
  ZCreditHistoryQuery,
  ZForgotPasswordRequest,
  ZGalleryQuery,
  ZGenerateInfluencerRequest,
  ZGenerateRequest,
  ZGoogleCallbackRequest,
  ZInfluencerFields,
  ZLikenessStatementFields,
  ZStockVoiceRequest,
  ZVoiceRecordingFields,
  ZVoiceProfile,
  ZDraftRequest,
  ZInfluencersQuery,
  ZJobRequest,
  ZLoginRequest,
  ZCreatePostRequest,
  ZPageSettingsRequest,
  ZPayoutRequest,
  ZPostsQuery,
  ZProductFields,
  ZUpdatePostRequest,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZUpdateOnboardingRequest,
  ZUpdateProfileRequest,
  ZAccountExportDownloadQuery,
  ZChangePasswordRequest,
  ZConfirmEmailChangeRequest,
  ZDeleteAccountRequest,
  ZVerifyEmailRequest,
  ZCreateReportRequest,
  ZOperatorActionRequest,
  ZActivityQuery,
  ZChangeRoleRequest,
  ZCreateWorkspaceRequest,
  ZInviteRequest,
  ZReturnPostRequest,
  ZUpdateWorkspaceRequest,
} from '@muse/shared';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setOperator } from '../src/modules/operator/grant';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp } from './app';
import { errorCodeOf } from './error-answers';
import { makePng, multipartForm } from './images';
import { apiRoutes } from './routes';

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_125);
/** Generated requests per route, after the hand-written ones. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

/** How a path parameter is drawn. */
type TParamKind =
  'uuid' | 'modelId' | 'position' | 'checkoutId' | 'filePath' | 'handle' | 'platform';

type TFuzzRoute = {
  /** The JSON body's schema. */
  body?: z.ZodType;
  query?: z.ZodType;
  /** Path parameters that are not uuids. */
  params?: Record<string, TParamKind>;
  /** An upload route: its text fields' schema, extra field names and file fields. */
  upload?: { fields?: z.ZodType; extra?: string[]; files: string[] };
  /**
   * A JSON body or form fields the route accepts. The hand-written hostile values go into it one
   * field at a time, so each reaches the check of its own field; an upload also sends it with a
   * photo in each broken envelope.
   */
  valid?: Record<string, unknown>;
  /** Routes that end the plan run as a spare account, so the main account keeps its tools. */
  spare?: true;
  /** Ends the session: runs after every other route. */
  last?: true;
  /** Fewer generated runs where a valid request is costly (a password hash, a face check). */
  runs?: number;
};

const MODEL = { id: 'modelId' } as const;
const INFLUENCER = { name: 'Anna', niche: 'tech', description: 'A persona' };
const PRODUCT = { name: 'Lamp' };
/** A token of the right shape that names nothing. */
const TOKEN = 'x'.repeat(43);
const CHECKOUT = { id: 'checkoutId' } as const;
const HANDLE = { handle: 'handle' } as const;
const PLATFORM = { platform: 'platform' } as const;

/**
 * Every route of the API and what it takes. Schemas are the ones the routes and services parse
 * with; a route that parses its input in its service (generations, the gallery) is listed with
 * that schema too.
 */
const ROUTES: Record<string, TFuzzRoute> = {
  'GET /api/health': {},
  'GET /api/config': {},
  'POST /api/auth/register': {
    body: ZRegisterRequest,
    valid: { email: 'new.creator@example.com', password: 'secret123', fullName: 'Anna' },
    runs: 10,
  },
  'POST /api/auth/login': {
    body: ZLoginRequest,
    valid: { email: 'creator@example.com', password: 'secret123' },
    runs: 10,
  },
  'POST /api/auth/forgot-password': {
    body: ZForgotPasswordRequest,
    valid: { email: 'creator@example.com' },
  },
  'POST /api/auth/reset-password': {
    body: ZResetPasswordRequest,
    valid: { token: TOKEN, password: 'secret123' },
  },
  'POST /api/auth/verify-email': { body: ZVerifyEmailRequest, valid: { token: TOKEN } },
  'POST /api/auth/verify-email/resend': {},
  'POST /api/auth/confirm-email-change': {
    body: ZConfirmEmailChangeRequest,
    valid: { token: TOKEN },
  },
  'GET /api/auth/google': {},
  'GET /api/auth/google/callback': { query: z.object({ error: z.string().optional() }) },
  'POST /api/auth/google-callback': {
    body: ZGoogleCallbackRequest,
    valid: { access_token: TOKEN },
  },
  'GET /api/marketplace/models': {},
  'GET /api/marketplace/models/:id': { params: MODEL },
  'GET /api/marketplace/models/:id/images/:position': {
    params: { id: 'modelId', position: 'position' },
    query: z.object({ size: z.enum(MARKETPLACE_IMAGE_SIZES), v: z.string() }).partial(),
  },
  'GET /api/payments/pricing-plans': {},
  'GET /api/files/*': {
    params: { '*': 'filePath' },
    query: z.object({ expires: z.number().int(), signature: z.string() }).partial(),
  },
  'GET /api/dev/mailbox': { query: z.object({ to: z.string() }).partial() },
  'GET /api/auth/me': {},
  'POST /api/auth/logout': { last: true },
  'GET /api/users/profile': {},
  // A current password is checked with a password hash: a few runs only.
  'PUT /api/users/profile': { body: ZUpdateProfileRequest, valid: { fullName: 'Anna' }, runs: 10 },
  'PUT /api/users/password': {
    body: ZChangePasswordRequest,
    valid: { currentPassword: 'not-the-password', newPassword: 'secret123' },
    runs: 10,
  },
  'GET /api/users/sessions': {},
  'DELETE /api/users/sessions/:id': {},
  'POST /api/users/sessions/revoke-others': {},
  'POST /api/account/exports': {},
  'GET /api/account/exports': {},
  'GET /api/account/exports/:id': {},
  'GET /api/account/exports/:id/download': { query: ZAccountExportDownloadQuery },
  // The password is checked with its hash: a few runs, on a spare account.
  'DELETE /api/account': {
    body: ZDeleteAccountRequest,
    valid: { password: 'not-the-password' },
    spare: true,
    runs: 10,
  },
  'POST /api/marketplace/models/:id/claim': { params: MODEL, runs: 10 },
  'GET /api/marketplace/claims': {},
  'POST /api/payments/create-checkout-session': {
    body: ZCreateCheckoutRequest,
    valid: { plan: 'growth', billing: 'monthly', promoCode: null },
  },
  'GET /api/payments/subscription': {},
  'GET /api/users/subscription': {},
  'POST /api/payments/cancel-subscription': { spare: true },
  'POST /api/payments/resume-subscription': { spare: true },
  'GET /api/credits/history': {},
  'GET /api/payments/test-checkout/:id': { params: CHECKOUT },
  'POST /api/payments/test-checkout/:id/pay': { params: CHECKOUT },
  'POST /api/payments/test-checkout/:id/cancel': { params: CHECKOUT },
  'GET /api/onboarding': {},
  'PUT /api/onboarding': { body: ZUpdateOnboardingRequest, valid: { step: 1, aiName: 'Audrey' } },
  'POST /api/onboarding/complete': {},
  'GET /api/users/dashboard': {},
  'GET /api/workspaces': {},
  'POST /api/workspaces': { body: ZCreateWorkspaceRequest, valid: { name: 'Agency' } },
  'PATCH /api/workspace': { body: ZUpdateWorkspaceRequest, valid: { name: 'Agency' } },
  'GET /api/workspace/members': {},
  'GET /api/workspace/activity': { query: ZActivityQuery },
  'POST /api/workspace/invitations': {
    body: ZInviteRequest,
    valid: { email: 'someone@example.com', role: 'editor' },
  },
  'DELETE /api/workspace/invitations/:id': {},
  'PATCH /api/workspace/members/:userId': { body: ZChangeRoleRequest, valid: { role: 'viewer' } },
  'DELETE /api/workspace/members/:userId': {},
  'POST /api/workspace/leave': {},
  'GET /api/invitations/:token': { params: { token: 'handle' } },
  'POST /api/invitations/:token/accept': { params: { token: 'handle' } },
  'GET /api/approvals': {},
  'POST /api/posts/:id/approve': {},
  'POST /api/posts/:id/return': { body: ZReturnPostRequest, valid: { note: 'Warmer colours' } },
  'GET /api/influencers': {},
  'GET /api/influencers/:id': {},
  'POST /api/influencers': {
    upload: { fields: ZInfluencerFields, files: ['image'] },
    valid: INFLUENCER,
  },
  'PUT /api/influencers/:id': {
    upload: { fields: ZInfluencerFields, extra: ['removeImage'], files: ['image'] },
    valid: INFLUENCER,
  },
  'DELETE /api/influencers/:id': {},
  'POST /api/influencers/generate': { body: ZGenerateInfluencerRequest, valid: { niche: 'tech' } },
  'GET /api/influencers/:id/persona': {},
  'POST /api/influencers/:id/photos': { upload: { files: ['photo'] }, runs: 10 },
  'DELETE /api/influencers/:id/photos/:photoId': {},
  'POST /api/influencers/:id/training': {},
  'POST /api/influencers/:id/score': { upload: { files: ['image'] }, runs: 10 },
  'POST /api/influencers/:id/likeness': {
    upload: { fields: ZLikenessStatementFields, files: ['document'] },
    valid: { statement: 'synthetic' },
    runs: 10,
  },
  'POST /api/influencers/:id/likeness/selfie': { upload: { files: ['selfie'] }, runs: 10 },
  'GET /api/influencers/:id/likeness/document': {},
  'GET /api/influencers/:id/voice': {},
  'PUT /api/influencers/:id/voice': { body: ZStockVoiceRequest, valid: { stockVoice: 'cole' } },
  'POST /api/influencers/:id/voice/recording': {
    upload: { fields: ZVoiceRecordingFields, files: ['recording', 'document'] },
    valid: { statement: 'self' },
    runs: 10,
  },
  'DELETE /api/influencers/:id/voice': {},
  'GET /api/influencers/:id/voice/sample': {},
  'GET /api/influencers/:id/voice-profile': {},
  'PUT /api/influencers/:id/voice-profile': {
    body: ZVoiceProfile,
    valid: { tone: 'warm', uses: ['hey'], avoids: [], emoji: 'few', language: 'en' },
  },
  'DELETE /api/influencers/:id/voice-profile': {},
  'POST /api/drafts': {
    body: ZDraftRequest,
    valid: { kind: 'persona', niche: 'travel', name: 'Ava' },
    runs: 20,
  },
  'GET /api/products': {},
  'GET /api/products/:id': {},
  'POST /api/products': { upload: { fields: ZProductFields, files: ['images'] }, valid: PRODUCT },
  'PUT /api/products/:id': {
    upload: { fields: ZProductFields, extra: ['keepImageIds'], files: ['images'] },
    valid: PRODUCT,
  },
  'DELETE /api/products/:id': {},
  'GET /api/jobs/engines': {},
  'POST /api/generations': {
    body: ZGenerateRequest,
    valid: { prompt: 'A beach at dusk', count: 1 },
  },
  'POST /api/jobs': {
    upload: { fields: ZJobRequest, extra: ['galleryId'], files: ['image'] },
    valid: { tool: 'edit-image' },
  },
  'GET /api/jobs': { query: z.object({ tool: z.enum(JOB_TOOLS) }).partial() },
  'GET /api/jobs/:id': {},
  'GET /api/jobs/:id/events': {},
  'GET /api/gallery': { query: ZGalleryQuery },
  'GET /api/gallery/:id': {},
  'DELETE /api/gallery/:id': {},
  'GET /api/pages': {},
  'GET /api/influencers/:id/page': {},
  'PUT /api/influencers/:id/page': {
    body: ZPageSettingsRequest,
    valid: { handle: 'anna.fuzz', bio: 'Hello', published: true },
  },
  'GET /api/posts': { query: ZPostsQuery },
  'POST /api/posts': {
    body: ZCreatePostRequest,
    valid: { itemIds: [], priceCents: 0, publishAt: null, timeZone: 'UTC', caption: 'Hi' },
  },
  'PATCH /api/posts/:id': { body: ZUpdatePostRequest, valid: { caption: 'Hi' } },
  'DELETE /api/posts/:id': {},
  'POST /api/posts/:id/checkout': {},
  'GET /api/purchases': {},
  'GET /api/platforms': { runs: 5 },
  'GET /api/influencers/:id/platform-accounts': {},
  'GET /api/influencers/:id/platform-stats': {},
  'POST /api/influencers/:id/platform-accounts/:platform/connect': { params: PLATFORM },
  'DELETE /api/influencers/:id/platform-accounts/:platform': { params: PLATFORM },
  'GET /api/platforms/:platform/callback': {
    params: PLATFORM,
    query: z.object({ code: z.string(), state: z.string(), error: z.string() }).partial(),
  },
  'POST /api/posts/:id/targets/:platform/retry': { params: PLATFORM },
  'POST /api/posts/:id/read-counts': {},
  'GET /api/public/pages/:handle': { params: HANDLE },
  'GET /api/public/pages/:handle/posts/:id': { params: HANDLE },
  'GET /api/public/pages/:handle/picture': { params: HANDLE },
  'GET /api/public/pages/:handle/unlocked': { params: HANDLE },
  'POST /api/reports': {
    body: ZCreateReportRequest,
    valid: { handle: 'anna.fuzz', reason: 'other', details: 'Hi', email: 'fan@example.com' },
  },
  // The main account is an operator (below), so the console's checks are reached.
  'GET /api/operator/reports': {},
  'GET /api/operator/reports/:id': {},
  'GET /api/operator/reports/:id/consent-document': {},
  'POST /api/operator/reports/:id/hide-post': { body: ZOperatorActionRequest, valid: {} },
  'POST /api/operator/reports/:id/hide-page': { body: ZOperatorActionRequest, valid: {} },
  'POST /api/operator/reports/:id/suspend': { body: ZOperatorActionRequest, valid: {} },
  'POST /api/operator/reports/:id/dismiss': { body: ZOperatorActionRequest, valid: {} },
  'GET /api/operator/refusals': {},
  'POST /api/operator/refusals/:id/review': { body: ZOperatorActionRequest, valid: {} },
  'GET /api/operator/audit': {},
  'GET /api/earnings': {},
  'POST /api/earnings/payouts': { body: ZPayoutRequest, valid: {} },
  'POST /api/earnings/payout-account': {},
  'POST /api/api-keys': {
    body: ZCreateApiKeyRequest,
    valid: { name: 'Fuzz', scopes: ['influencers:read'] },
  },
  'GET /api/api-keys': {},
  'DELETE /api/api-keys/:id': {},
  // The public API, with the signed-in session (it takes keys too: api-keys.test.ts).
  'GET /api/v1/openapi.json': { runs: 5 },
  'GET /api/v1/influencers': { query: ZInfluencersQuery, runs: 10 },
  'GET /api/v1/influencers/:id': { runs: 10 },
  'POST /api/v1/influencers': { body: ZInfluencerFields, valid: INFLUENCER, runs: 10 },
  'PUT /api/v1/influencers/:id': { body: ZInfluencerFields, valid: INFLUENCER, runs: 10 },
  'DELETE /api/v1/influencers/:id': { runs: 10 },
  'GET /api/v1/influencers/:id/persona': { runs: 10 },
  'POST /api/v1/influencers/:id/photos': { upload: { files: ['photo'] }, runs: 10 },
  'DELETE /api/v1/influencers/:id/photos/:photoId': { runs: 10 },
  'POST /api/v1/influencers/:id/likeness': {
    upload: { fields: ZLikenessStatementFields, files: ['document'] },
    valid: { statement: 'synthetic' },
    runs: 10,
  },
  'POST /api/v1/influencers/:id/training': { runs: 10 },
  'POST /api/v1/generations': {
    body: ZGenerateRequest,
    valid: { prompt: 'A beach at dusk', count: 1 },
    runs: 10,
  },
  'POST /api/v1/jobs': {
    upload: { fields: ZJobRequest, extra: ['galleryId'], files: ['image'] },
    valid: { tool: 'edit-image' },
    runs: 10,
  },
  'POST /api/v1/drafts': {
    body: ZDraftRequest,
    valid: { kind: 'persona', niche: 'food', name: 'Ava' },
    runs: 10,
  },
  'GET /api/v1/influencers/:id/voice-profile': { runs: 10 },
  'PUT /api/v1/influencers/:id/voice-profile': {
    body: ZVoiceProfile,
    valid: { tone: 'warm', uses: [], avoids: [], emoji: 'none', language: 'en' },
    runs: 10,
  },
  'GET /api/v1/jobs': { query: z.object({ tool: z.enum(JOB_TOOLS) }).partial(), runs: 10 },
  'GET /api/v1/jobs/:id': { runs: 10 },
  'POST /api/v1/jobs/:id/cancel': { runs: 10 },
  'GET /api/v1/gallery': { query: ZGalleryQuery, runs: 10 },
  'GET /api/v1/gallery/:id': { runs: 10 },
  'GET /api/v1/gallery/:id/download': { runs: 10 },
  'DELETE /api/v1/gallery/:id': { runs: 10 },
  'GET /api/v1/pages': { runs: 5 },
  'GET /api/v1/influencers/:id/page': { runs: 10 },
  'PUT /api/v1/influencers/:id/page': {
    body: ZPageSettingsRequest,
    valid: { handle: 'anna.fuzz.v1', bio: 'Hello', published: true },
    runs: 10,
  },
  'GET /api/v1/posts': { query: ZPostsQuery, runs: 10 },
  'POST /api/v1/posts': {
    body: ZCreatePostRequest,
    valid: { itemIds: [], priceCents: 0, publishAt: null, timeZone: 'UTC', caption: 'Hi' },
    runs: 10,
  },
  'PATCH /api/v1/posts/:id': { body: ZUpdatePostRequest, valid: { caption: 'Hi' }, runs: 10 },
  'DELETE /api/v1/posts/:id': { runs: 10 },
  'GET /api/v1/products': { runs: 5 },
  'GET /api/v1/products/:id': { runs: 10 },
  'POST /api/v1/products': {
    upload: { fields: ZProductFields, files: ['images'] },
    valid: PRODUCT,
    runs: 10,
  },
  'PUT /api/v1/products/:id': {
    upload: { fields: ZProductFields, extra: ['keepImageIds'], files: ['images'] },
    valid: PRODUCT,
    runs: 10,
  },
  'DELETE /api/v1/products/:id': { runs: 10 },
  'GET /api/v1/balance': { runs: 5 },
  'GET /api/v1/credit-history': { query: ZCreditHistoryQuery, runs: 10 },
  'POST /api/v1/webhook-endpoints': {
    body: ZCreateWebhookEndpointRequest,
    valid: { url: 'http://127.0.0.1:9/hooks', events: ['post.sold'] },
    runs: 10,
  },
  'GET /api/v1/webhook-endpoints': { runs: 5 },
  'DELETE /api/v1/webhook-endpoints/:id': { runs: 10 },
  'GET /api/v1/webhook-endpoints/:id/deliveries': { runs: 10 },
  'POST /api/v1/webhook-endpoints/:id/deliveries/:deliveryId/resend': { runs: 10 },
};

// ---------------------------------------------------------------------------------------------
// The hostile values.

const NUL = '\u0000';
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';

/** Hostile text, for any string field or as a value where another type is expected. */
const HOSTILE_TEXT = [
  NUL,
  `Anna${NUL}`,
  LONE_HIGH,
  `x${LONE_LOW}y`,
  `${LONE_LOW}${LONE_HIGH}`,
  "' OR '1'='1",
  "'); drop table users; --",
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '%00',
  '\u202e\u200b\ufeff',
  '',
  '   ',
  'x'.repeat(10_000),
  '🙂'.repeat(700),
  '2147483648',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'null',
  'true',
  '__proto__',
];

const HOSTILE_NUMBERS = [
  2_147_483_648,
  -2_147_483_649,
  4_294_967_296,
  2 ** 53,
  2 ** 63,
  -1,
  0,
  1.5,
  -0.5,
  1e308,
];

const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  [],
  ['a', 'b'],
  {},
  { nested: { deeper: [1, { x: NUL }] } },
  Array.from({ length: 2000 }, (_, index) => index),
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
);

/** The few that each field of each route gets for sure, before the generated runs. */
const CORE_HOSTILE: unknown[] = [NUL, `a${LONE_HIGH}b`, 2_147_483_648, -1, 1.5, [], {}];

/** Bodies no schema produces: malformed JSON, prototype keys, wrong content types. */
const RAW_BODIES: { contentType?: string; payload: string }[] = [
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: '{"email": "a@b.co",' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '1e400' },
  { contentType: 'application/json', payload: '"\\u0000"' },
  { contentType: 'application/json', payload: '{"name": "\\ud800", "prompt": "\\u0000"}' },
  { contentType: 'application/json', payload: '{"__proto__": {"polluted": true}}' },
  { contentType: 'application/json', payload: '{"constructor": {"prototype": {"polluted": 1}}}' },
  { contentType: 'application/json', payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'email=a%40b.co&step=1' },
  { contentType: 'application/xml', payload: '<a>1</a>' },
  { contentType: 'multipart/form-data', payload: 'name=x' },
  { payload: '{"step": 1}' },
];

/** Raw query strings: bad percent-encoding, NUL, prototype keys, repeated and huge values. */
const RAW_QUERIES = [
  'a=%00',
  '%ZZ=1',
  'x=%E0%A4%A',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'limit=2147483648&minScore=1e999&cursor=%00',
  'tool=%00&tool=upscale',
  'to=%00&error=%00',
  'influencerId=%ED%A0%80',
  'expires=99999999999999999999&signature=%00',
  `v=${'a'.repeat(5000)}`,
];

/** Path segments as sent on the wire (already percent-encoded where needed). */
const HOSTILE_SEGMENTS = [
  '2147483648',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  'NaN',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%ZZ',
  '%',
  '..',
  '%20',
  "'%20OR%20'1'='1",
  'x'.repeat(300),
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
];

// ---------------------------------------------------------------------------------------------
// Values from schemas: zod's JSON schema of the input, walked into fast-check arbitraries.

type TJsonSchema = {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  items?: TJsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
};

function jsonSchemaOf(schema: z.ZodType): TJsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as TJsonSchema;
}

/** Text for a string field: mostly fitting its limits, sometimes just past them. */
function textArbitrary(schema: TJsonSchema, name: string): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  if (name === 'email' || name === 'to')
    return fc.oneof(
      // Addresses the schemas accept, and any address the RFC allows.
      fc
        .tuple(fc.stringMatching(/^[a-z0-9.]{1,12}$/), fc.constantFrom('example.com', 'muse.test'))
        .map(([local, domain]) => `${local}@${domain}`),
      fc.emailAddress(),
    );
  if (name === 'link') return fc.webUrl();
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 60, 60));
  const edges = schema.maxLength
    ? [fc.constant('x'.repeat(schema.maxLength)), fc.constant('x'.repeat(schema.maxLength + 1))]
    : [];
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    // Any code point, NUL included.
    fc.string({ unit: 'binary', minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    ...edges,
  );
}

function arbitraryOf(schema: TJsonSchema, name = ''): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => arbitraryOf(choice, name)));
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, arbitraryOf(property, key)]),
      );
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, name), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'string':
      return textArbitrary(schema, name);
    case 'integer': {
      const min = schema.minimum ?? -1000;
      const max = schema.maximum ?? min + 2000;
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min - 1, max + 1));
    }
    case 'number':
      return fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The value with one of its fields (picked by `pick`) made hostile; a non-object is replaced. */
function withHostileField(value: unknown, pick: number, hostile: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return hostile;
  const keys = Object.keys(value);
  if (!keys.length) return { [`field${pick}`]: hostile };
  return { ...value, [keys[pick % keys.length]!]: hostile };
}

/** Values for a schema: valid-looking, one field hostile, or hostile as a whole. */
function valuesOf(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(fc.constant(undefined), hostileValue);
  const valid = arbitraryOf(jsonSchemaOf(schema));
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    {
      weight: 4,
      arbitrary: fc
        .tuple(valid, fc.nat(), hostileValue)
        .map(([value, pick, hostile]) => withHostileField(value, pick, hostile)),
    },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** The top-level field names of an object schema (those the core hostile values go into). */
function fieldNames(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema);
  const variants = json.oneOf ?? json.anyOf ?? [json];
  return [...new Set(variants.flatMap((variant) => Object.keys(variant.properties ?? {})))];
}

// ---------------------------------------------------------------------------------------------
// Requests.

type TRequest = InjectOptions & { method: string; url: string };

/** A form field's value as a browser sends it: text, several values for an array. */
function formValues(value: unknown): string[] {
  if (value === undefined) return [];
  if (value === null) return [''];
  if (Array.isArray(value)) return value.flatMap((item) => formValues(item));
  if (typeof value === 'object') return [JSON.stringify(value)];
  return [String(value)];
}

function querystring(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return new URLSearchParams({ q: formValues(value)[0] ?? '' }).toString();
  const params = new URLSearchParams();
  for (const [key, item] of Object.entries(value))
    for (const text of formValues(item)) params.append(key, text);
  return params.toString();
}

type TFile = { field: string; filename: string; type: string; data: Buffer };
type TPart = { name: string; value: string } | TFile;

const BOUNDARY = '----muse-fuzz-7MA4YWxkTrZu0gW';

function multipartBody(parts: TPart[], boundary: string, charset?: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      const type = charset ? `Content-Type: text/plain; charset=${charset}\r\n` : '';
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n${type}\r\n`),
        Buffer.from(part.value, 'utf8'),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** How the form travels: well formed, or broken in one of the ways a client or attacker breaks it. */
const ENVELOPES = [
  'ok',
  'no-boundary',
  'truncated',
  'wrong-boundary',
  'long-boundary',
  'unknown-charset',
  'json-instead',
  'empty',
  'garbage',
] as const;
type TEnvelope = (typeof ENVELOPES)[number];

function uploadRequest(
  method: string,
  url: string,
  headers: Record<string, string>,
  parts: TPart[],
  envelope: TEnvelope,
  cut: number,
): TRequest {
  const form = (contentType: string, payload: Buffer | string): TRequest => ({
    method,
    url,
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
  const ok = `multipart/form-data; boundary=${BOUNDARY}`;
  switch (envelope) {
    case 'ok':
      return form(ok, multipartBody(parts, BOUNDARY));
    case 'no-boundary':
      return form('multipart/form-data', multipartBody(parts, BOUNDARY));
    case 'truncated': {
      const body = multipartBody(parts, BOUNDARY);
      return form(ok, body.subarray(0, cut % Math.max(1, body.length - 1)));
    }
    case 'wrong-boundary':
      return form(ok, multipartBody(parts, 'another-boundary'));
    case 'long-boundary': {
      const long = 'b'.repeat(300);
      return form(`multipart/form-data; boundary=${long}`, multipartBody(parts, long));
    }
    case 'unknown-charset':
      return form(ok, multipartBody(parts, BOUNDARY, 'x-no-such-charset'));
    case 'json-instead':
      return form(
        'application/json',
        JSON.stringify(
          Object.fromEntries(parts.map((part) => ['name' in part ? part.name : part.field, 'x'])),
        ),
      );
    case 'empty':
      return form(ok, '');
    case 'garbage':
      return form(
        ok,
        Buffer.from(Array.from({ length: 64 }, (_, index) => (cut * 31 + index) % 256)),
      );
  }
}

// ---------------------------------------------------------------------------------------------
// The app, its accounts and the ids that exist.

let app: FastifyInstance;
let main: TTestAccount;
let spare: TTestAccount;
let registered: string[];
let files: Record<string, Buffer>;
/** Ids of rows the main account owns, mixed into generated ids so real rows get reached too. */
let knownIds: string[];

beforeAll(async () => {
  // Few password hashes: sign-ups and sign-ins past five from one address are refused cheaply.
  ({ app } = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '5' }));
  registered = apiRoutes(app);
  main = await registerAccount(app, 'fuzz');
  await setOperator(app.database.db, main.email, true);
  spare = await registerAccount(app, 'spare');
  await buyPlan(app, main, 'launch');
  await buyPlan(app, spare, 'builder');

  const png = await makePng(48, 48);
  files = {
    png,
    text: Buffer.from('this is not an image\n'),
    empty: Buffer.alloc(0),
    'half-png': png.subarray(0, Math.floor(png.length / 2)),
    svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    bytes: Buffer.from(Array.from({ length: 512 }, (_, index) => (index * 7919) % 256)),
  };

  const influencer = await app.inject({
    method: 'POST',
    url: '/api/influencers',
    headers: main.headers,
    payload: multipartForm({ name: 'Fuzz', niche: 'tech', description: 'A fuzzing persona' }),
  });
  const product = await app.inject({
    method: 'POST',
    url: '/api/products',
    headers: main.headers,
    payload: multipartForm({ name: 'Fuzz lamp' }),
  });
  knownIds = [influencer.json().influencer.id, product.json().product.id];
  console.info(`fuzz seed ${SEED}: FUZZ_SEED=${SEED} replays these requests`);
}, 60_000);

function paramArbitrary(kind: TParamKind): fc.Arbitrary<string> {
  const hostile = fc.constantFrom(...HOSTILE_SEGMENTS);
  switch (kind) {
    case 'uuid':
      return fc.oneof(fc.uuid(), fc.constantFrom(...knownIds), hostile);
    case 'modelId':
      // Existing models now and then: a valid claim takes a slot and copies portraits.
      return fc.oneof(
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 40 }).map(String) },
        { weight: 3, arbitrary: fc.integer().map(String) },
        { weight: 3, arbitrary: hostile },
      );
    case 'position':
      return fc.oneof(fc.integer({ min: 0, max: 25 }).map(String), hostile);
    case 'checkoutId':
      return fc.oneof(fc.stringMatching(/^cs_test_[\w-]{20,60}$/), hostile);
    case 'handle':
      return fc.oneof(fc.stringMatching(/^[a-z0-9._]{1,30}$/), hostile);
    case 'platform':
      return fc.oneof(fc.constantFrom('instagram', 'tiktok', 'youtube', 'x', 'myspace'), hostile);
    case 'filePath':
      return fc.oneof(
        fc.uuid().map((id) => `users/${id}/image.webp`),
        fc.array(hostile, { minLength: 1, maxLength: 3 }).map((segments) => segments.join('/')),
      );
  }
}

/** The path with each parameter drawn. */
function pathArbitrary(path: string, route: TFuzzRoute): fc.Arbitrary<string> {
  const names = [...path.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
  if (!names.length) return fc.constant(path);
  const drawn = names.map((name) => paramArbitrary(route.params?.[name] ?? 'uuid'));
  return fc.tuple(...drawn).map((values) => {
    let index = 0;
    return path.replace(/:(\w+)|\*/g, () => values[index++]!);
  });
}

function queryArbitrary(route: TFuzzRoute): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: route.query ? valuesOf(route.query).map(querystring) : fc.constant(''),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) },
  );
}

function jsonRequestArbitrary(
  method: string,
  path: string,
  route: TFuzzRoute,
  headers: Record<string, string>,
) {
  const body = fc.oneof(
    { weight: 6, arbitrary: valuesOf(route.body).map((value) => ({ value })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
  );
  return fc
    .tuple(pathArbitrary(path, route), queryArbitrary(route), body)
    .map(([url, query, drawn]): TRequest => {
      const target = query ? `${url}?${query}` : url;
      if ('payload' in drawn) {
        const contentType = drawn.contentType ? { 'content-type': drawn.contentType } : {};
        return {
          method,
          url: target,
          headers: { ...headers, ...contentType },
          payload: drawn.payload,
        };
      }
      if (drawn.value === undefined || method === 'GET') return { method, url: target, headers };
      return {
        method,
        url: target,
        payload: JSON.stringify(drawn.value) ?? 'null',
        ...jsonType(headers),
      };
    });
}

function jsonType(headers: Record<string, string>) {
  return { headers: { ...headers, 'content-type': 'application/json' } };
}

function uploadRequestArbitrary(
  method: string,
  path: string,
  route: TFuzzRoute,
  headers: Record<string, string>,
) {
  const upload = route.upload!;
  const extra = fc.array(
    fc.tuple(
      fc.constantFrom(...(upload.extra ?? []), '__proto__', 'constructor', 'tool'),
      fc.oneof(fc.uuid(), fc.constantFrom('true', 'false', ...knownIds, ...HOSTILE_TEXT)),
    ),
    { maxLength: 3 },
  );
  const file = fc.record({
    field: fc.constantFrom(...upload.files, ...upload.files, 'other'),
    filename: fc.constantFrom('photo.png', 'a.txt', '', '../../x.png', `n${NUL}.png`),
    type: fc.constantFrom('image/png', 'image/jpeg', 'text/plain', 'application/octet-stream'),
    data: fc.oneof(
      { weight: 2, arbitrary: fc.constant(files.png!) },
      { weight: 3, arbitrary: fc.constantFrom(...Object.values(files)) },
    ),
  });
  return fc
    .record({
      url: pathArbitrary(path, route),
      fields: valuesOf(upload.fields),
      extra,
      files: fc.array(file, { maxLength: 2 }),
      envelope: fc.oneof(fc.constant('ok' as const), fc.constantFrom(...ENVELOPES)),
      cut: fc.nat(),
    })
    .map((drawn) => {
      const parts: TPart[] = [];
      if (
        typeof drawn.fields === 'object' &&
        drawn.fields !== null &&
        !Array.isArray(drawn.fields)
      ) {
        for (const [name, value] of Object.entries(drawn.fields))
          for (const text of formValues(value)) parts.push({ name, value: text });
      } else {
        for (const text of formValues(drawn.fields)) parts.push({ name: 'name', value: text });
      }
      for (const [name, value] of drawn.extra) parts.push({ name, value });
      parts.push(...drawn.files);
      return uploadRequest(method, drawn.url, headers, parts, drawn.envelope, drawn.cut);
    });
}

/** The hand-written requests every route gets: each core hostile value in each field and parameter. */
function handWritten(
  method: string,
  path: string,
  route: TFuzzRoute,
  headers: Record<string, string>,
): TRequest[] {
  const requests: TRequest[] = [];
  // Ids that pass the schemas but name nothing costly: no valid claim runs for each case here.
  const plain: Record<TParamKind, string> = {
    // The main account's product on product routes, its influencer elsewhere.
    uuid: knownIds[path.startsWith('/api/products') ? 1 : 0]!,
    modelId: '999999',
    position: '0',
    checkoutId: 'cs_test_00000000000000000000000000',
    filePath: 'users/x/y.webp',
    handle: 'nobody',
    platform: 'instagram',
  };
  const plainPath = path.replace(
    /:(\w+)|\*/g,
    (_, name: string | undefined) => plain[route.params?.[name ?? '*'] ?? 'uuid'],
  );
  for (const name of [...path.matchAll(/:(\w+)|\*/g)].map((match) => match[0]))
    for (const segment of HOSTILE_SEGMENTS)
      requests.push({
        method,
        url: path.replace(name, segment).replace(/:(\w+)|\*/g, '1'),
        headers,
      });
  for (const field of fieldNames(route.query))
    for (const value of CORE_HOSTILE)
      requests.push({ method, url: `${plainPath}?${querystring({ [field]: value })}`, headers });
  const valid = route.valid ?? {};
  if (route.body)
    for (const field of fieldNames(route.body))
      for (const value of CORE_HOSTILE)
        requests.push({
          method,
          url: plainPath,
          payload: JSON.stringify({ ...valid, [field]: value }),
          ...jsonType(headers),
        });
  if (route.upload) {
    const fields = (values: Record<string, unknown>) =>
      Object.entries(values).flatMap(([name, value]) =>
        formValues(value).map((text) => ({ name, value: text })),
      );
    const names = [...fieldNames(route.upload.fields), ...(route.upload.extra ?? [])];
    for (const name of names)
      for (const value of CORE_HOSTILE) {
        const parts = fields({ ...valid, [name]: value });
        requests.push(uploadRequest(method, plainPath, headers, parts, 'ok', 0));
      }
    const photo = { field: route.upload.files[0]!, filename: 'a.png', type: 'image/png' };
    for (const envelope of ENVELOPES) {
      const parts = [...fields(valid), { ...photo, data: files.png! }];
      requests.push(uploadRequest(method, plainPath, headers, parts, envelope, 200));
    }
    for (const [kind, data] of Object.entries(files))
      if (kind !== 'png') {
        const parts = [...fields(valid), { ...photo, data }];
        requests.push(uploadRequest(method, plainPath, headers, parts, 'ok', 0));
      }
  }
  // Bodies go to the routes that read one; the others get a few, for the content-type parsers.
  if (method === 'GET') return requests;
  const raws = route.body || route.upload ? RAW_BODIES : RAW_BODIES.slice(0, 3);
  for (const raw of raws)
    requests.push({
      method,
      url: plainPath,
      headers: { ...headers, ...(raw.contentType ? { 'content-type': raw.contentType } : {}) },
      payload: raw.payload,
    });
  return requests;
}

/** What may come back: anything below 500, errors in the `{ success: false, error, code }` shape. */
async function check(request: TRequest) {
  const response = await app.inject(request as InjectOptions);
  const described = () => {
    const payload = request.payload === undefined ? '' : String(request.payload).slice(0, 300);
    return `${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(payload)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
  };
  if (response.statusCode >= 500) throw new Error(`server error: ${described()}`);
  if (response.statusCode < 400) return;
  errorCodeOf(response, described());
}

/** A seed of its own per route, so one route's requests do not depend on the others'. */
function routeSeed(route: string): number {
  let hash = SEED;
  for (const char of route) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

describe('hostile input', () => {
  it('covers every route of the API', () => {
    // A new route needs its entry in ROUTES (its schemas), so the fuzzing reaches it.
    expect(registered.filter((route) => !(route in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((route) => !registered.includes(route))).toEqual([]);
  });

  // Routes that delete run late, so the rows they delete serve the other routes first.
  const rank = (route: string) => (ROUTES[route]!.last ? 2 : route.startsWith('DELETE') ? 1 : 0);
  const order = Object.keys(ROUTES).sort((a, b) => rank(a) - rank(b));
  it.each(order)(
    '%s never answers a server error',
    async (route) => {
      const entry = ROUTES[route]!;
      const [method, path] = route.split(' ') as [string, string];
      const headers = (entry.spare ? spare : main).headers;
      for (const request of handWritten(method, path, entry, headers)) await check(request);
      const requests = entry.upload
        ? uploadRequestArbitrary(method, path, entry, headers)
        : jsonRequestArbitrary(method, path, entry, headers);
      await fc.assert(fc.asyncProperty(requests, check), {
        seed: routeSeed(route),
        numRuns: entry.runs ?? RUNS,
        endOnFailure: true,
      });
    },
    60_000,
  );
});
