import path from 'node:path';
import {
  engineVariable,
  HOSTED_TOOLS,
  JOB_TOOLS,
  PERSONA_ENGINES,
  TEXT_ENGINES,
  type TEngineVariable,
  type THostedTool,
  type TJobTool,
} from '@muse/shared';
import { z } from 'zod';
import { REPO_ROOT } from './lib/paths';

/**
 * The pauses between a webhook delivery's tries: 10 tries over about 3 days, after which the
 * delivery is failed (docs/product/public-api.md, 'Webhooks').
 */
export const WEBHOOK_RETRY_SECONDS: number[] = [
  5,
  5 * 60,
  30 * 60,
  2 * 3600,
  5 * 3600,
  10 * 3600,
  14 * 3600,
  20 * 3600,
  20 * 3600,
];

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'must be true or false',
  })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** The engines a tool can run on: some have only the local one, the generative ones also fal. */
const localEngine = z.enum(['local'], { error: 'must be local' }).default('local');
const hostedEngine = z.enum(['local', 'fal'], { error: 'must be local or fal' }).default('local');

/**
 * The engine of each AI tool: `ENGINE_` and the tool's key in capitals (engineVariable in
 * packages/shared; docs/product/tools.md), `local` or, for a tool whose descriptor lists it,
 * `fal`.
 */
const engineVariables = Object.fromEntries(
  JOB_TOOLS.map((tool) => [
    engineVariable(tool),
    (HOSTED_TOOLS as readonly TJobTool[]).includes(tool) ? hostedEngine : localEngine,
  ]),
) as {
  [T in TJobTool as TEngineVariable<T>]: T extends THostedTool
    ? typeof hostedEngine
    : typeof localEngine;
};

function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Every environment variable Muse reads. `.env.example` documents each one. */
export const ZEnv = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be development, production or test',
    })
    .default('development'),
  /** This machine only, unless set (0.0.0.0: every interface, e.g. in a container). */
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  PORT: z.coerce
    .number({ error: 'must be a whole number between 1 and 65535' })
    .int('must be a whole number between 1 and 65535')
    .min(1, 'must be a whole number between 1 and 65535')
    .max(65535, 'must be a whole number between 1 and 65535')
    .default(3000),
  PUBLIC_URL: z
    .url({ error: 'must be an absolute URL such as https://muse.example.com' })
    .optional(),
  DATABASE_URL: z
    .string()
    .refine(isPostgresUrl, {
      error: 'must be a PostgreSQL URL such as postgres://user:password@host:5432/muse',
    })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a whole number between 1 and 100' })
    .int('must be a whole number between 1 and 100')
    .min(1, 'must be a whole number between 1 and 100')
    .max(100, 'must be a whole number between 1 and 100')
    .default(10),
  DATA_DIR: z.string().min(1, 'must not be empty').default(path.join(REPO_ROOT, 'data')),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional(),
  TRUST_PROXY: booleanFlag.default(false),
  AUTH_RATE_LIMIT_PER_IP: z.coerce
    .number({ error: 'must be a whole number of at least 1' })
    .int('must be a whole number of at least 1')
    .min(1, 'must be a whole number of at least 1')
    .default(30),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\/[^/]/.test(value), {
      error: 'must be an SMTP URL such as smtps://user:password@smtp.example.com:465',
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .min(3, 'must be an address such as "Muse <no-reply@example.com>"')
    .optional(),
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** The publishing apps of the platforms (docs/product/platform-rules.md, README). */
  INSTAGRAM_APP_ID: z.string().min(1).optional(),
  INSTAGRAM_APP_SECRET: z.string().min(1).optional(),
  TIKTOK_CLIENT_KEY: z.string().min(1).optional(),
  TIKTOK_CLIENT_SECRET: z.string().min(1).optional(),
  X_CLIENT_ID: z.string().min(1).optional(),
  X_CLIENT_SECRET: z.string().min(1).optional(),
  /** Whether the Google client also asks for youtube.upload, so creators can publish Shorts. */
  YOUTUBE_PUBLISHING: booleanFlag.default(false),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_live_… or sk_test_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  /** Where the Stripe API lives; only tests point it elsewhere. */
  STRIPE_API_URL: z.url({ error: 'must be a URL' }).default('https://api.stripe.com'),
  /** Whether the server process also runs a job worker (`npm start` does; see `npm run worker`). */
  WORKER_IN_SERVER: booleanFlag.default(true),
  /** Jobs one worker process runs at once. The local engine uses the CPU fully: keep 1 per core pair. */
  WORKER_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number between 1 and 32' })
    .int('must be a whole number between 1 and 32')
    .min(1, 'must be a whole number between 1 and 32')
    .max(32, 'must be a whole number between 1 and 32')
    .default(1),
  /**
   * Free offline previews one worker process runs at once, beside WORKER_CONCURRENCY paid jobs,
   * so a paid job never waits behind a free one (docs/decisions/0039-fair-share-of-workers.md).
   */
  WORKER_PREVIEW_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number between 1 and 32' })
    .int('must be a whole number between 1 and 32')
    .min(1, 'must be a whole number between 1 and 32')
    .max(32, 'must be a whole number between 1 and 32')
    .default(1),
  /**
   * Threads one upscale spreads its tiles over (the local engine). Unset: the machine's cores
   * shared among the jobs a process runs at once (WORKER_CONCURRENCY), at most 4.
   */
  UPSCALE_THREADS: z.coerce
    .number({ error: 'must be a whole number between 1 and 16' })
    .int('must be a whole number between 1 and 16')
    .min(1, 'must be a whole number between 1 and 16')
    .max(16, 'must be a whole number between 1 and 16')
    .optional(),
  ...engineVariables,
  /**
   * Persona training (docs/product/personas.md): `local` trains nothing (the checked photos are
   * the reference set), `fal` trains a FLUX LoRA on fal and needs FAL_KEY.
   */
  ENGINE_TRAIN_PERSONA: z.enum(PERSONA_ENGINES, { error: 'must be local or fal' }).default('local'),
  /**
   * The text engine of drafts (docs/product/drafts.md): `local` writes from Muse's templates
   * (free, labelled 'Offline preview'); `openai-compatible` asks the chat-completions server at
   * TEXT_API_URL (Ollama, llama.cpp's server, vLLM, LM Studio, OpenAI, a router) for TEXT_MODEL.
   */
  ENGINE_TEXT: z
    .enum(TEXT_ENGINES, { error: 'must be local or openai-compatible' })
    .default('local'),
  /** The server's base URL, its `/v1` included: `http://localhost:11434/v1` for Ollama. */
  TEXT_API_URL: z.url({ error: 'must be a URL such as http://localhost:11434/v1' }).optional(),
  /** Its key, where it asks for one (a local Ollama or llama.cpp server does not). */
  TEXT_API_KEY: z.string().min(1, 'must not be empty').optional(),
  /** The model it is asked for ('llama3.1:8b', 'gpt-4o-mini'). */
  TEXT_MODEL: z.string().min(1, 'must name a model').optional(),
  /** How long one answer may take before the draft fails and is refunded. */
  TEXT_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds from 100 to 600000' })
    .int('must be a whole number of milliseconds from 100 to 600000')
    .min(100, 'must be a whole number of milliseconds from 100 to 600000')
    .max(600_000, 'must be a whole number of milliseconds from 100 to 600000')
    .default(180_000),
  /**
   * Whether the model reads pictures (a vision model): only then is a post's picture sent with
   * a caption request. Otherwise the engine reads Muse's own description of it.
   */
  TEXT_ACCEPTS_IMAGES: booleanFlag.default(false),
  /** The key of the fal account that runs the hosted engines. */
  FAL_KEY: z.string().min(8, 'must be a fal API key').optional(),
  /**
   * Whether fal is asked to call `PUBLIC_URL/api/webhooks/fal` when a request finishes (it must
   * reach that address). Unset: yes when PUBLIC_URL is https. Jobs are also polled, so a lost
   * webhook only delays a result.
   */
  FAL_WEBHOOKS: booleanFlag.optional(),
  /** How often a waiting job asks fal how its request stands. Unset: 10 s with webhooks, 1 s without. */
  FAL_POLL_INTERVAL_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds from 10 to 600000' })
    .int('must be a whole number of milliseconds from 10 to 600000')
    .min(10, 'must be a whole number of milliseconds from 10 to 600000')
    .max(600_000, 'must be a whole number of milliseconds from 10 to 600000')
    .optional(),
  /** Where fal's hosts are reached instead of the real ones: tests point it at a local fake. */
  FAL_API_URL: z.url({ error: 'must be a URL such as http://127.0.0.1:4010' }).optional(),
  /**
   * The pauses in seconds between the tries of a webhook delivery, comma-separated: tests make
   * them short. Unset: WEBHOOK_RETRY_SECONDS (docs/product/public-api.md, 'Webhooks').
   */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(
      /^\s*\d{1,6}\s*(,\s*\d{1,6}\s*){0,19}$/,
      'must be 1 to 20 whole numbers of seconds separated by commas, such as 1,1,1',
    )
    .transform((value) => value.split(',').map((part) => Number(part.trim())))
    .optional(),
  /**
   * Where the platforms' hosts are reached instead of the real ones (Instagram, TikTok, YouTube,
   * X, and their consent pages): tests point it at local fakes (modules/platforms/publisher.ts).
   */
  PLATFORMS_API_URL: z.url({ error: 'must be a URL such as http://127.0.0.1:4020' }).optional(),
  /** How often a post being processed by a platform is asked how it stands. */
  PLATFORM_POLL_INTERVAL_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds from 5 to 60000' })
    .int('must be a whole number of milliseconds from 5 to 60000')
    .min(5, 'must be a whole number of milliseconds from 5 to 60000')
    .max(60_000, 'must be a whole number of milliseconds from 5 to 60000')
    .default(3_000),
  /** Posts published to platforms at once by each worker (each mostly waits on the platform). */
  WORKER_PUBLISH_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number from 1 to 64' })
    .int('must be a whole number from 1 to 64')
    .min(1, 'must be a whole number from 1 to 64')
    .max(64, 'must be a whole number from 1 to 64')
    .default(8),
  /** S3-compatible object storage for files (uploads, job results); unset: local disk. */
  S3_BUCKET: z.string().min(3, 'must be a bucket name').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z
    .url({ error: 'must be a URL such as https://s3.eu-central-1.amazonaws.com' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  S3_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9/_.-]*\/$/i, 'must be a folder-like prefix ending in / such as muse/')
    .optional(),
  /** Signs the expiring URLs of users' files; every instance must share it. */
  FILE_URL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Encrypts the secrets Muse keeps to use again (webhook signing secrets, platform tokens);
   * every instance must share it (lib/secret-box.ts).
   */
  ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The Content Credentials signer (docs/decisions/0052-content-credentials.md): the PEM chain,
   * signing certificate first, and its PEM private key. Unset: a development certificate kept in
   * DATA_DIR/secrets/c2pa (refused in production).
   */
  C2PA_CERT_CHAIN: z
    .string()
    .includes('-----BEGIN CERTIFICATE-----', { error: 'must be a PEM certificate chain' })
    .optional(),
  C2PA_PRIVATE_KEY: z
    .string()
    .includes('PRIVATE KEY-----', { error: 'must be a PEM private key' })
    .optional(),
  /** Calls one API key may make per minute, counted across every instance. */
  API_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number from 1 to 100000' })
    .int('must be a whole number from 1 to 100000')
    .min(1, 'must be a whole number from 1 to 100000')
    .max(100_000, 'must be a whole number from 1 to 100000')
    .default(600),
  GOOGLE_ISSUER: z
    .url({ error: 'must be the URL of an OpenID Connect issuer' })
    .default('https://accounts.google.com'),
});

export type TEnv = z.infer<typeof ZEnv>;

export type TConfig = TEnv & {
  PUBLIC_URL: string;
  FAL_WEBHOOKS: boolean;
  FAL_POLL_INTERVAL_MS: number;
  WEBHOOK_RETRY_SCHEDULE: number[];
  LOG_FORMAT: 'json' | 'pretty';
  DATA_DIR: string;
  MAIL_FROM: string;
  SUPPORT_EMAIL: string;
  isProduction: boolean;
};

/** Variables whose values are never written anywhere, error messages included. */
const SECRETS = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'GOOGLE_CLIENT_SECRET',
  'INSTAGRAM_APP_SECRET',
  'TIKTOK_CLIENT_SECRET',
  'X_CLIENT_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'FAL_KEY',
  'TEXT_API_KEY',
  'S3_SECRET_ACCESS_KEY',
  'FILE_URL_SECRET',
  'ENCRYPTION_KEY',
  'C2PA_CERT_CHAIN',
  'C2PA_PRIVATE_KEY',
]);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once, at start. Throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  // An empty variable is treated as unset, as shells and .env files often leave them so.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  // ENGINE_GENERATE is accepted as a short name of ENGINE_GENERATE_IMAGE.
  if (present.ENGINE_GENERATE && !present.ENGINE_GENERATE_IMAGE)
    present.ENGINE_GENERATE_IMAGE = present.ENGINE_GENERATE;
  const parsed = ZEnv.safeParse(present);
  if (!parsed.success) {
    // One problem per variable: the first is enough to fix it.
    const problems = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const name = issue.path.join('.');
      if (problems.has(name)) continue;
      const raw = env[name];
      problems.set(
        name,
        `${name} ${issue.message} (${raw === undefined ? 'it is missing' : SECRETS.has(name) ? 'its value is not shown: it is a secret' : `got "${raw}"`})`,
      );
    }
    throw new ConfigError([...problems.values()]);
  }
  const config = parsed.data;
  const isProduction = config.NODE_ENV === 'production';

  // Rules across variables.
  const problems: string[] = [];
  if (!!config.GOOGLE_CLIENT_ID !== !!config.GOOGLE_CLIENT_SECRET) {
    problems.push(
      `${config.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'} must be set together with ${config.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_ID' : 'GOOGLE_CLIENT_SECRET'}`,
    );
  }
  for (const [id, secret] of [
    ['INSTAGRAM_APP_ID', 'INSTAGRAM_APP_SECRET'],
    ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET'],
    ['X_CLIENT_ID', 'X_CLIENT_SECRET'],
    ['C2PA_CERT_CHAIN', 'C2PA_PRIVATE_KEY'],
  ] as const) {
    if (!!config[id] !== !!config[secret])
      problems.push(`${id} and ${secret} must be set together`);
  }
  if (config.YOUTUBE_PUBLISHING && !config.GOOGLE_CLIENT_ID) {
    problems.push('YOUTUBE_PUBLISHING needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET');
  }
  if (!!config.STRIPE_SECRET_KEY !== !!config.STRIPE_WEBHOOK_SECRET) {
    problems.push(
      `${config.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'} must be set together with ${config.STRIPE_SECRET_KEY ? 'STRIPE_SECRET_KEY' : 'STRIPE_WEBHOOK_SECRET'}`,
    );
  }
  if (isProduction && !config.DATABASE_URL) {
    problems.push(
      'DATABASE_URL must be set when NODE_ENV=production; the embedded PostgreSQL is for development and tests',
    );
  }
  if (isProduction && !config.STRIPE_SECRET_KEY) {
    problems.push(
      'STRIPE_SECRET_KEY must be set when NODE_ENV=production; the test-mode checkout grants plans without payment',
    );
  }
  if (isProduction && !config.SMTP_URL) {
    problems.push(
      'SMTP_URL must be set when NODE_ENV=production, or password reset e-mails would not be sent',
    );
  }
  if (!!config.S3_ACCESS_KEY_ID !== !!config.S3_SECRET_ACCESS_KEY) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  if (isProduction && !config.S3_BUCKET) {
    problems.push(
      'S3_BUCKET must be set when NODE_ENV=production, so every server and worker shares the same files',
    );
  }
  if (isProduction && !config.FILE_URL_SECRET) {
    problems.push(
      'FILE_URL_SECRET must be set when NODE_ENV=production, so every instance signs file URLs alike',
    );
  }
  if (isProduction && !config.ENCRYPTION_KEY) {
    problems.push(
      'ENCRYPTION_KEY must be set when NODE_ENV=production, so every instance can read the secrets Muse keeps',
    );
  }
  if (isProduction && !config.C2PA_CERT_CHAIN && !config.C2PA_PRIVATE_KEY) {
    problems.push(
      'C2PA_CERT_CHAIN and C2PA_PRIVATE_KEY must be set when NODE_ENV=production, so Content Credentials are signed by a certificate readers trust, not the development one',
    );
  }
  if (isProduction && config.GOOGLE_ISSUER.startsWith('http:')) {
    problems.push(
      `GOOGLE_ISSUER must use https when NODE_ENV=production (got "${config.GOOGLE_ISSUER}")`,
    );
  }
  for (const variable of ['ENGINE_TRAIN_PERSONA', ...HOSTED_TOOLS.map(engineVariable)] as const) {
    if (config[variable] === 'fal' && !config.FAL_KEY)
      problems.push(`FAL_KEY must be set when ${variable}=fal`);
  }
  if (config.ENGINE_TEXT === 'openai-compatible') {
    if (!config.TEXT_API_URL)
      problems.push('TEXT_API_URL must be set when ENGINE_TEXT=openai-compatible');
    if (!config.TEXT_MODEL)
      problems.push('TEXT_MODEL must be set when ENGINE_TEXT=openai-compatible');
  }
  if (isProduction && config.FAL_API_URL) {
    problems.push('FAL_API_URL is for tests only and must not be set when NODE_ENV=production');
  }
  if (isProduction && config.PLATFORMS_API_URL) {
    problems.push(
      'PLATFORMS_API_URL is for tests only and must not be set when NODE_ENV=production',
    );
  }
  if (isProduction && config.WEBHOOK_RETRY_SCHEDULE) {
    problems.push(
      'WEBHOOK_RETRY_SCHEDULE is for tests only and must not be set when NODE_ENV=production',
    );
  }
  if (problems.length) throw new ConfigError(problems);

  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  const falWebhooks = config.FAL_WEBHOOKS ?? publicUrl.startsWith('https:');
  const publicHost = new URL(publicUrl).hostname;
  const mailDomain = publicHost.includes('.') ? publicHost : 'muse.localhost';
  return {
    ...config,
    DATA_DIR: path.resolve(config.DATA_DIR),
    PUBLIC_URL: publicUrl,
    FAL_WEBHOOKS: falWebhooks,
    FAL_POLL_INTERVAL_MS: config.FAL_POLL_INTERVAL_MS ?? (falWebhooks ? 10_000 : 1_000),
    WEBHOOK_RETRY_SCHEDULE: config.WEBHOOK_RETRY_SCHEDULE ?? WEBHOOK_RETRY_SECONDS,
    LOG_FORMAT: config.LOG_FORMAT ?? (isProduction ? 'json' : 'pretty'),
    MAIL_FROM: config.MAIL_FROM ?? `Muse <no-reply@${mailDomain}>`,
    SUPPORT_EMAIL: config.SUPPORT_EMAIL ?? `support@${mailDomain}`,
    isProduction,
  };
}
