import { AUTH_TEXTS, GENERIC_ERRORS } from '@muse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_FAILURES } from '../src/modules/auth/service';
import { registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';

// Every sign-in costs a real argon2id check; on a busy machine a dozen of them take a while.
const SLOW = { timeout: 300_000 };
const PASSWORD = 'secret123';
const TOO_MANY = { success: false, error: GENERIC_ERRORS.rateLimited, code: 'RATE_LIMITED' };
const WRONG = {
  success: false,
  error: AUTH_TEXTS.invalidCredentials,
  code: 'INVALID_CREDENTIALS',
};

let ctx: TTestContext;

beforeAll(async () => {
  // The per-IP limit is raised so that only the sign-in failure limits are under test here
  // (rate-limit.test.ts covers the per-IP one).
  ctx = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
});

function signIn(email: string, password: string, remoteAddress: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  });
}

async function statusesOf(attempts: Array<() => ReturnType<typeof signIn>>): Promise<number[]> {
  const statuses: number[] = [];
  for (const attempt of attempts) statuses.push((await attempt()).statusCode);
  return statuses;
}

describe('a stranger guessing from one IP', SLOW, () => {
  let owner: TTestAccount;

  beforeAll(async () => {
    owner = await registerAccount(ctx.app, 'owner');
  }, SLOW.timeout);

  it('is refused past the limit, while the owner signs in from elsewhere at once', async () => {
    const { max } = SIGN_IN_FAILURES.perAddressAndIp;
    const statuses = await statusesOf(
      Array.from({ length: 30 }, () => () => signIn(owner.email, 'wrong-guess', '203.0.113.10')),
    );
    expect(statuses).toEqual([...Array(max).fill(401), ...Array(30 - max).fill(429)]);

    const ownerIn = await signIn(owner.email, PASSWORD, '198.51.100.20');
    expect(ownerIn.statusCode).toBe(200);
    expect(ownerIn.json()).toMatchObject({ success: true, user: { id: owner.userId } });

    const strangerAgain = await signIn(owner.email, 'another-guess', '203.0.113.10');
    expect(strangerAgain.statusCode).toBe(429);
    expect(strangerAgain.json()).toEqual(TOO_MANY);
  });

  it('is refused only for that address: the same IP may still sign in to another one', async () => {
    const other = await registerAccount(ctx.app, 'neighbour');
    const response = await signIn(other.email, PASSWORD, '203.0.113.10');
    expect(response.statusCode).toBe(200);
  });
});

describe('many IPs guessing one address together', SLOW, () => {
  it('get 429 for wrong passwords past the address limit, and the owner still gets in', async () => {
    const owner = await registerAccount(ctx.app, 'target');
    const { max } = SIGN_IN_FAILURES.perAddress;
    const statuses = await statusesOf(
      Array.from(
        { length: max + 2 },
        (_, i) => () => signIn(owner.email, `guess-${i}`, `192.0.2.${i + 1}`),
      ),
    );
    expect(statuses).toEqual([...Array(max).fill(401), 429, 429]);

    // A fresh IP with a wrong password learns nothing: the same 429 as every other guess.
    const guess = await signIn(owner.email, 'yet-another-guess', '192.0.2.200');
    expect(guess.statusCode).toBe(429);
    expect(guess.json()).toEqual(TOO_MANY);

    // The owner, from a fresh IP and from one of the guessing IPs, still gets in.
    for (const remoteAddress of ['198.51.100.30', '192.0.2.1']) {
      const ownerIn = await signIn(owner.email, PASSWORD, remoteAddress);
      expect({ remoteAddress, status: ownerIn.statusCode }).toEqual({
        remoteAddress,
        status: 200,
      });
    }
  });

  it('counts an unknown address like a known one, so the answers do not tell them apart', async () => {
    const { max } = SIGN_IN_FAILURES.perAddress;
    const statuses = await statusesOf(
      Array.from(
        { length: max + 1 },
        (_, i) => () => signIn('nobody.here@example.com', 'guess', `192.0.2.${100 + i}`),
      ),
    );
    expect(statuses).toEqual([...Array(max).fill(401), 429]);
  });
});

describe('what counts', SLOW, () => {
  it('only failures count: the owner signs in again and again from one IP', async () => {
    const owner = await registerAccount(ctx.app, 'regular');
    const times = SIGN_IN_FAILURES.perAddressAndIp.max + 2;
    const statuses = await statusesOf(
      Array.from({ length: times }, () => () => signIn(owner.email, PASSWORD, '198.51.100.40')),
    );
    expect(statuses).toEqual(Array(times).fill(200));
  });

  it('below the limits a wrong password still answers 401 with the usual text', async () => {
    const owner = await registerAccount(ctx.app, 'typo');
    const response = await signIn(owner.email, 'typo-typo', '198.51.100.50');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(WRONG);
  });

  it('lets no more than the limit of concurrent guesses from one IP reach the password check', async () => {
    const owner = await registerAccount(ctx.app, 'burst');
    const { max } = SIGN_IN_FAILURES.perAddressAndIp;
    const answers = await Promise.all(
      Array.from({ length: max + 6 }, (_, i) => signIn(owner.email, `burst-${i}`, '203.0.113.60')),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(max).fill(401), ...Array(6).fill(429)]);
  });
});
