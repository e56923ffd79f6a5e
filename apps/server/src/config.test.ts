import { engineVariable, JOB_TOOLS } from '@muse/shared';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, WEBHOOK_RETRY_SECONDS } from './config';

/** PEM-shaped stand-ins: loadConfig checks their shape; the signer checks the certificates. */
const CHAIN_PEM = '-----BEGIN CERTIFICATE-----\nMIIBleaf\n-----END CERTIFICATE-----';
const KEY_PEM = '-----BEGIN PRIVATE KEY-----\nMIIBkey\n-----END PRIVATE KEY-----';

describe('loadConfig', () => {
  it('starts with the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.LOG_FORMAT).toBe('pretty');
    expect(config.isProduction).toBe(false);
  });

  it('reads production settings', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      DATABASE_URL: 'postgresql://muse:secret@db.internal:5432/muse',
      PUBLIC_URL: 'https://muse.example.com/',
      TRUST_PROXY: 'true',
      SMTP_URL: 'smtps://muse:secret@smtp.example.com:465',
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      FILE_URL_SECRET: 'a-long-random-secret-of-at-least-32-chars',
      ENCRYPTION_KEY: 'another-long-random-secret-of-32-chars',
      S3_BUCKET: 'muse-files',
      C2PA_CERT_CHAIN: CHAIN_PEM,
      C2PA_PRIVATE_KEY: KEY_PEM,
    });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgresql://muse:secret@db.internal:5432/muse');
    expect(config.PUBLIC_URL).toBe('https://muse.example.com');
    expect(config.LOG_FORMAT).toBe('json');
    expect(config.TRUST_PROXY).toBe(true);
  });

  it('never runs the embedded PostgreSQL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /DATABASE_URL must be set when NODE_ENV=production/,
    );
  });

  it('takes the Content Credentials certificate and key together, and both in production', () => {
    for (const lone of [{ C2PA_CERT_CHAIN: CHAIN_PEM }, { C2PA_PRIVATE_KEY: KEY_PEM }]) {
      let thrown: unknown;
      try {
        loadConfig(lone);
      } catch (error) {
        thrown = error;
      }
      expect((thrown as ConfigError).problems).toEqual([
        'C2PA_CERT_CHAIN and C2PA_PRIVATE_KEY must be set together',
      ]);
      expect((thrown as ConfigError).message).not.toContain('MIIB');
    }
    expect(
      loadConfig({ C2PA_CERT_CHAIN: CHAIN_PEM, C2PA_PRIVATE_KEY: KEY_PEM }).C2PA_CERT_CHAIN,
    ).toBe(CHAIN_PEM);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /C2PA_CERT_CHAIN and C2PA_PRIVATE_KEY must be set when NODE_ENV=production/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '3000.5'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'maybe'],
    ['PUBLIC_URL', 'muse.example.com'],
    ['WORKER_CONCURRENCY', '0'],
    ['WORKER_PREVIEW_CONCURRENCY', '33'],
    ['UPSCALE_THREADS', '17'],
    ['UPSCALE_THREADS', 'many'],
    ['ENGINE_UPSCALE', 'fal'],
    ['ENGINE_GENERATE_IMAGE', 'replicate'],
  ])('refuses %s=%s with one message naming the variable and the value', (name, value) => {
    let thrown: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const error = thrown as ConfigError;
    expect(error.problems).toHaveLength(1);
    expect(error.message).toContain(name);
    expect(error.message).toContain(`"${value}"`);
    expect(error.message).not.toContain('\n');
  });

  it.each([
    ['DATABASE_URL', 'mysql://root:hunter2@localhost/muse'],
    ['STRIPE_SECRET_KEY', 'sk_live_abc-secret!'],
    ['STRIPE_WEBHOOK_SECRET', 'whsec_abc-secret!'],
    ['FILE_URL_SECRET', 'short-secret'],
    ['ENCRYPTION_KEY', 'short-secret'],
    ['SMTP_URL', 'user:hunter2@mail'],
    ['C2PA_CERT_CHAIN', 'not-a-pem-secret!'],
    ['C2PA_PRIVATE_KEY', 'not-a-pem-secret!'],
  ])('names a bad secret %s without its value', (name, value) => {
    let thrown: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      thrown = error;
    }
    const error = thrown as ConfigError;
    expect(error.problems).toHaveLength(1);
    expect(error.message).toContain(name);
    expect(error.message).toContain('its value is not shown');
    expect(error.message).not.toContain(value);
    expect(error.message).not.toContain('hunter2');
    expect(error.message).not.toContain('secret!');
  });

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: '0', DATABASE_URL: 'x' })).toThrow(/PORT .*; DATABASE_URL /);
  });

  it("reads each tool's engine from ENGINE_ and the tool's key", () => {
    expect(JOB_TOOLS.map(engineVariable)).toEqual(
      expect.arrayContaining([
        'ENGINE_EDIT_IMAGE',
        'ENGINE_FACE_SWAP',
        'ENGINE_GENERATE_IMAGE',
        'ENGINE_GENERATE_PROMPT',
        'ENGINE_GENERATE_VIDEO',
        'ENGINE_PRODUCT_SHOT',
        'ENGINE_UPSCALE',
      ]),
    );
    const config = loadConfig({ ENGINE_EDIT_IMAGE: 'local' });
    for (const tool of JOB_TOOLS) expect(config[engineVariable(tool)]).toBe('local');
  });

  it('a hosted engine without FAL_KEY stops the start with one line naming it', () => {
    for (const [name, shown] of [
      ['ENGINE_GENERATE', 'ENGINE_GENERATE_IMAGE'],
      ['ENGINE_GENERATE_IMAGE', 'ENGINE_GENERATE_IMAGE'],
      ['ENGINE_EDIT_IMAGE', 'ENGINE_EDIT_IMAGE'],
      ['ENGINE_GENERATE_VIDEO', 'ENGINE_GENERATE_VIDEO'],
      ['ENGINE_FACE_SWAP', 'ENGINE_FACE_SWAP'],
      ['ENGINE_PRODUCT_SHOT', 'ENGINE_PRODUCT_SHOT'],
    ] as const) {
      let thrown: unknown;
      try {
        loadConfig({ [name]: 'fal' });
      } catch (error) {
        thrown = error;
      }
      expect((thrown as ConfigError).problems).toEqual([`FAL_KEY must be set when ${shown}=fal`]);
    }
    const hosted = loadConfig({ ENGINE_GENERATE: 'fal', FAL_KEY: 'fal-key-123456' });
    expect(hosted.ENGINE_GENERATE_IMAGE).toBe('fal');
  });

  it('listens on this machine only unless HOST is set', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('asks fal for webhooks when Muse has an https address, and polls less often then', () => {
    const local = loadConfig({});
    expect([local.FAL_WEBHOOKS, local.FAL_POLL_INTERVAL_MS]).toEqual([false, 1000]);
    const public_ = loadConfig({ PUBLIC_URL: 'https://muse.example.com' });
    expect([public_.FAL_WEBHOOKS, public_.FAL_POLL_INTERVAL_MS]).toEqual([true, 10_000]);
  });

  it('tries webhooks over about 3 days unless tests shorten the schedule, never in production', () => {
    expect(loadConfig({}).WEBHOOK_RETRY_SCHEDULE).toEqual(WEBHOOK_RETRY_SECONDS);
    const total = WEBHOOK_RETRY_SECONDS.reduce((sum, seconds) => sum + seconds, 0);
    expect(total / 86_400).toBeGreaterThan(2.9);
    expect(total / 86_400).toBeLessThanOrEqual(3);
    expect(loadConfig({ WEBHOOK_RETRY_SCHEDULE: '1, 1,2' }).WEBHOOK_RETRY_SCHEDULE).toEqual([
      1, 1, 2,
    ]);
    expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE: '1,x' })).toThrow(
      /WEBHOOK_RETRY_SCHEDULE must be 1 to 20 whole numbers of seconds/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', WEBHOOK_RETRY_SCHEDULE: '1,1,1' })).toThrow(
      /WEBHOOK_RETRY_SCHEDULE is for tests only/,
    );
  });
});
