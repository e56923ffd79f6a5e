import { randomBytes } from 'node:crypto';
import { prettyFactory } from 'pino-pretty';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRETTY_LOG_OPTIONS } from '../src/app';
import { createDevelopmentCertificate } from '../src/lib/content-credentials';
import { registerAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';

/** The log as production writes it: one JSON line per request, when it ends. */
describe('the request log', () => {
  const lines: string[] = [];
  let context: TTestContext;

  beforeAll(async () => {
    context = await createTestApp(
      { NODE_ENV: 'development', LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
      { write: (line) => void lines.push(line) },
    );
  });

  const linesOf = (requestId: string) =>
    lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.requestId === requestId);

  it('writes one line per request: its id, method, URL, status and time, and no token', async () => {
    const account = await registerAccount(context.app, 'log');
    const me = await context.app.inject({
      method: 'GET',
      url: '/api/auth/me?limit=1',
      headers: account.headers,
    });
    const refused = await context.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Bearer not-a-session' },
    });

    const [meLine, ...meRest] = linesOf(String(me.headers['x-request-id']));
    expect(meRest).toEqual([]);
    expect(meLine).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      url: '/api/auth/me?limit=1',
      statusCode: 200,
    });
    expect(meLine!.responseTime).toEqual(expect.any(Number));

    expect(linesOf(String(refused.headers['x-request-id']))).toEqual([
      expect.objectContaining({ method: 'GET', url: '/api/auth/me', statusCode: 401 }),
    ]);
    expect(lines.join('\n')).not.toContain(account.token);
    expect(lines.join('\n')).not.toContain('not-a-session');
  });
});

/**
 * Secrets in addresses never reach a log line: reset and confirmation links' tokens, signed file
 * links' signatures, Google's code and state (docs/decisions/0028, "Secrets"). In the formats
 * production and development write.
 */
/** Production signs with a certificate of its own: here a made one. */
const signing = createDevelopmentCertificate();

describe.each([
  {
    format: 'production, JSON lines',
    env: {
      NODE_ENV: 'production',
      LOG_FORMAT: undefined,
      DATABASE_URL: 'postgres://muse@127.0.0.1:1/muse',
      STRIPE_SECRET_KEY: 'sk_test_logsLogsLogs',
      STRIPE_WEBHOOK_SECRET: 'whsec_logsLogsLogs',
      SMTP_URL: 'smtp://127.0.0.1:1',
      S3_BUCKET: 'muse-files',
      S3_ENDPOINT: 'http://127.0.0.1:1',
      FILE_URL_SECRET: 'a-file-url-secret-of-at-least-32-characters',
      ENCRYPTION_KEY: 'an-encryption-key-of-at-least-32-characters',
      C2PA_CERT_CHAIN: signing.certificateChainPem,
      C2PA_PRIVATE_KEY: signing.privateKeyPem,
    },
  },
  { format: 'development, readable lines', env: { NODE_ENV: 'development' }, pretty: true },
])('the log in $format', ({ env, pretty }) => {
  const lines: string[] = [];
  let context: TTestContext;

  beforeAll(async () => {
    // Readable lines are what the development transport makes of the JSON: the same pino-pretty.
    const format = pretty ? prettyFactory(PRETTY_LOG_OPTIONS) : (line: string) => line;
    context = await createTestApp(
      { LOG_LEVEL: 'info', ...env },
      { write: (line) => void lines.push(format(line)) },
    );
  });

  /** A value no log line may hold: long enough never to appear by chance. */
  const secret = (name: string) => `${name}${randomBytes(12).toString('hex')}`;

  it('keeps the path and leaves out the values of tokens, signatures, codes and states', async () => {
    const secrets = {
      reset: secret('reset'),
      confirm: secret('confirm'),
      code: secret('code'),
      state: secret('state'),
    };
    const signed = context.app.services.files.sign('users/someone/uploads/photo.png');
    const signature = new URL(signed, 'http://muse.test').searchParams.get('signature')!;
    const addresses = [
      `/reset-password?token=${secrets.reset}`,
      `/verify-email?token=${secrets.confirm}`,
      signed,
      `/api/auth/google/callback?code=${secrets.code}&state=${secrets.state}&scope=openid`,
      `/login?next=%2Fgallery&token=${secrets.reset}`,
      `/oauth-callback?${secrets.code}`,
    ];
    const answers = [];
    for (const url of addresses) answers.push(await context.app.inject({ method: 'GET', url }));

    const written = lines.join('\n');
    for (const value of [...Object.values(secrets), signature])
      expect(written).not.toContain(value);
    // Each request still has its line, with its path and its harmless values.
    for (const [index, answer] of answers.entries()) {
      const line = lines.find((text) => text.includes(String(answer.headers['x-request-id'])));
      const path = addresses[index]!.split('?')[0]!;
      expect(line).toContain(path);
    }
    expect(written).toContain('token=[redacted]');
    expect(written).toContain('signature=[redacted]');
    expect(written).toContain('code=[redacted]&state=[redacted]&scope=[redacted]');
    expect(written).toContain('next=%2Fgallery');
  });
});

describe('the local mailbox', () => {
  const lines: string[] = [];
  let context: TTestContext;

  beforeAll(async () => {
    context = await createTestApp(
      { NODE_ENV: 'development', LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
      { write: (line) => void lines.push(line) },
    );
  });

  it("logs who a mail is for and its subject, never its link's token", async () => {
    const token = randomBytes(16).toString('hex');
    await context.app.mailer.send({
      to: 'ava@example.com',
      subject: 'Reset your Muse password',
      text: `Open http://localhost:3000/reset-password?token=${token} to choose a new password.`,
    });
    const mailbox = await context.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox?to=ava%40example.com',
    });
    expect(JSON.stringify(mailbox.json())).toContain(token);
    const written = lines.join('\n');
    expect(written).toContain('Mail kept in the local mailbox for ava@example.com');
    expect(written).toContain('Reset your Muse password');
    expect(written).not.toContain(token);
  });
});
