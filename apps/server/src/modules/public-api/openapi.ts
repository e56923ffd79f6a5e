import {
  API_SCOPE_TEXTS,
  API_SCOPES,
  ERROR_CODES,
  ZErrorResponse,
  ZGalleryItem,
  ZInfluencer,
  ZJob,
  ZLedgerEntry,
  ZPersona,
  ZPost,
  ZWebhookDelivery,
  ZWebhookEndpoint,
  type TApiScope,
} from '@muse/shared';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION } from '../../lib/paths';
import type { TV1Multipart } from './multipart';

type TTransform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;

const SCOPE_LIST = API_SCOPES.map((scope) => `- \`${scope}\`: ${API_SCOPE_TEXTS[scope]}`).join(
  '\n',
);

const DESCRIPTION = `The Muse API lets programs do what a creator does in the web app: influencers and their personas, every AI tool as a job, the gallery, publishing, credits and webhooks.

**Authentication.** Send an API key, made in Settings → API keys, as \`Authorization: Bearer muse_sk_…\`. A key may do only what its scopes allow:

${SCOPE_LIST}

**Errors** are \`{ "success": false, "error": "<text for people>", "code": "<CODE>" }\`; programs decide by \`code\`, which is never renamed. **Lists** are read a page at a time: \`?cursor=<nextCursor>&limit=<1–100>\`. **Idempotency:** every POST takes an \`Idempotency-Key\` header; the same key with the same body within 24 hours answers what the first answered and runs nothing again. **Rate limits:** each key has its own, announced in the \`RateLimit\` and \`RateLimit-Policy\` headers; past it, 429 with \`Retry-After\`. Every answer carries \`x-request-id\`.`;

/** The document's frame: its info, server and the key's security scheme. */
export function openApiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Muse API',
        version: APP_VERSION,
        description: DESCRIPTION,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Muse' },
      },
      servers: [{ url: '/api/v1', description: 'The Muse that serves this document' }],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'muse_sk_…',
            description: 'An API key from Settings → API keys.',
          },
        },
      },
      tags: [
        { name: 'Influencers', description: 'Influencers, their personas, photos and training' },
        { name: 'Jobs', description: 'Every AI tool, run as a job' },
        { name: 'Drafts', description: 'Captions, bios and prompts in an influencer’s words' },
        { name: 'Products', description: 'The products of product shots' },
        { name: 'Gallery', description: 'What the tools made' },
        { name: 'Publishing', description: 'Public pages, posts and the calendar' },
        { name: 'Billing', description: 'The credit balance and its history' },
        { name: 'Webhooks', description: 'Where Muse sends events, signed' },
      ],
    },
  };
}

/**
 * The objects many answers carry are written once, under components, and referred to: the
 * document stays small enough to read and to generate a client from.
 */
const COMPONENTS: [z.ZodType, string][] = [
  [ZInfluencer, 'Influencer'],
  [ZPersona, 'Persona'],
  [ZJob, 'Job'],
  [ZGalleryItem, 'GalleryItem'],
  [ZPost, 'Post'],
  [ZLedgerEntry, 'LedgerEntry'],
  [ZWebhookEndpoint, 'WebhookEndpoint'],
  [ZWebhookDelivery, 'WebhookDelivery'],
  [ZErrorResponse, 'Error'],
];
for (const [schema, id] of COMPONENTS)
  if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });

const ERROR_SCHEMA = { $ref: '#/components/schemas/Error' };

/** The codes a status may answer with, as the error list promises them. */
function codesOf(status: number): string[] {
  return Object.entries(ERROR_CODES)
    .filter(([, entry]) => (entry.status as readonly number[]).includes(status))
    .map(([code]) => code);
}

/** What any call may be refused with, and what a change may be refused with besides. */
const READ_REFUSALS = [400, 401, 403, 404, 429];
const WRITE_REFUSALS = [402, 409, 413, 422];

function errorResponses(method: string) {
  const statuses = [...READ_REFUSALS, ...(method === 'GET' ? [] : WRITE_REFUSALS)];
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: `Refused; \`code\` is one of ${codesOf(status)
          .map((code) => `\`${code}\``)
          .join(', ')}`,
        content: { 'application/json': { schema: ERROR_SCHEMA } },
      },
    ]),
  );
}

const INFLUENCER_EXAMPLE = {
  name: 'Lina',
  niche: 'travel',
  personality: 'Curious, calm, up before sunrise',
  target_audience: 'Women 25 to 40 who travel by train',
  description: 'Trains across Europe, one city a week',
};

/** A request a program would send, per operation with a body: shown in the reference. */
const REQUEST_EXAMPLES: Record<string, Record<string, unknown>> = {
  createInfluencer: INFLUENCER_EXAMPLE,
  updateInfluencer: INFLUENCER_EXAMPLE,
  generateImages: {
    influencerId: '5b7c1a0e-2f4d-4e8a-9c3b-1d2e3f4a5b6c',
    prompt: 'On a night train, reading by the window',
    style: 'photo',
    aspectRatio: '4:5',
    count: 4,
  },
  createJob: { tool: 'upscale', galleryId: '0f8e7d6c-5b4a-4938-8271-6a5b4c3d2e1f' },
  savePage: { handle: 'lina.travels', bio: 'Trains across Europe', published: true },
  createPost: {
    influencerId: '5b7c1a0e-2f4d-4e8a-9c3b-1d2e3f4a5b6c',
    caption: 'Night train to Vienna',
    itemIds: ['0f8e7d6c-5b4a-4938-8271-6a5b4c3d2e1f'],
    priceCents: 0,
    publishAt: '2027-01-15T18:00:00Z',
    timeZone: 'Europe/Vienna',
  },
  updatePost: { caption: 'Night train to Vienna, at last' },
  createWebhookEndpoint: {
    url: 'https://agency.example/muse-events',
    events: ['job.succeeded', 'job.failed', 'post.published'],
  },
};

/** A multipart body for the document: the form's text fields, and its files as binary. */
function multipartBody(form: TV1Multipart) {
  const fields = z.toJSONSchema(form.fields, { target: 'draft-2020-12', io: 'input' }) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  const properties: Record<string, unknown> = { ...fields.properties };
  for (const file of form.fileFields)
    properties[file] = { type: 'string', format: 'binary', description: 'A file' };
  return {
    type: 'object',
    properties,
    required: [...(fields.required ?? []), ...(form.requiredFiles ?? [])],
  };
}

/**
 * Each route's zod schemas become JSON Schema (fastify-type-provider-zod), and the route's
 * config adds what the document promises besides: the scope it needs, a form body, its errors.
 */
type TTransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;

/**
 * Writes the components registered above into the document: those an operation refers to, and
 * those they refer to (zod makes an input and an output form of each; most need only one).
 */
export const openApiTransformObject: TTransformObject = (document) => {
  const object = jsonSchemaTransformObject(document) as {
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = object.components?.schemas ?? {};
  const { components: _components, ...rest } = object;
  const used = new Set<string>();
  const visit = (value: unknown) => {
    for (const [, name] of JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g))
      if (name && !used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      }
  };
  visit(rest);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return {
    ...object,
    components: { ...object.components, schemas: kept },
  } as ReturnType<TTransformObject>;
};

export const openApiTransform: TTransform = (document) => {
  const base = jsonSchemaTransform(document) as { schema: Record<string, unknown>; url: string };
  const { route } = document;
  const config = (route.config ?? {}) as { scope?: TApiScope; multipart?: TV1Multipart };
  const method = [route.method].flat()[0] ?? 'GET';
  const schema: Record<string, unknown> = { ...base.schema };
  if (schema.hide) return base;
  if (config.scope) schema.security = [{ apiKey: [config.scope] }];
  if (config.multipart) {
    schema.body = multipartBody(config.multipart);
    schema.consumes = ['multipart/form-data'];
  }
  const example = REQUEST_EXAMPLES[String(schema.operationId)];
  if (example && schema.body) schema.body = { ...(schema.body as object), examples: [example] };
  if (method === 'POST')
    schema.headers = {
      type: 'object',
      properties: {
        'idempotency-key': {
          type: 'string',
          description:
            'Any unique string (a UUID): a repeat within 24 hours answers what the first answered',
        },
      },
    };
  schema.response = { ...errorResponses(method), ...(schema.response as object) };
  return { schema, url: base.url };
};
