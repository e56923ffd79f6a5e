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
