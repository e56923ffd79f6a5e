import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export type TTestAccount = {
  userId: string;
  token: string;
  email: string;
  headers: { authorization: string };
};

/** Signs up a fresh account through the API and returns its session, ready for `headers`. */
export async function registerAccount(
  app: FastifyInstance,
  prefix = 'creator',
): Promise<TTestAccount> {
  const email = `${prefix}.${randomBytes(5).toString('hex')}@example.com`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'secret123', fullName: 'Test Creator' },
  });
  if (response.statusCode !== 200) throw new Error(`register failed: ${response.body}`);
  const { token, user } = response.json();
  return { userId: user.id, token, email, headers: { authorization: `Bearer ${token}` } };
}

/** Puts the account on a monthly plan through the TEST MODE checkout, as a payment would. */
export async function buyPlan(
  app: FastifyInstance,
  account: Pick<TTestAccount, 'headers'>,
  plan: 'builder' | 'launch' | 'growth',
): Promise<void> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/payments/create-checkout-session',
    headers: account.headers,
    payload: { plan, billing: 'monthly', promoCode: null },
  });
  if (created.statusCode !== 200) throw new Error(`checkout failed: ${created.body}`);
  const id = new URL(created.json().url, 'http://muse.test').pathname.split('/').pop();
  const paid = await app.inject({
    method: 'POST',
    url: `/api/payments/test-checkout/${id}/pay`,
    headers: account.headers,
  });
  if (paid.statusCode !== 200) throw new Error(`test payment failed: ${paid.body}`);
}
