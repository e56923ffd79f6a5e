import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';

export type TTestAccount = { email: string; password: string; fullName: string; token: string };

/** A unique address per call, so tests never share an account. */
export function uniqueEmail(prefix = 'creator'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@example.com`;
}

/** Creates an account through the API (not through clicks) and returns its session token. */
export async function registerAccount(
  request: APIRequestContext,
  overrides: Partial<Omit<TTestAccount, 'token'>> = {},
): Promise<TTestAccount> {
  const account = {
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? 'correct horse battery',
    fullName: overrides.fullName ?? 'Ava Creator',
  };
  const response = await request.post('/api/auth/register', { data: account });
  if (!response.ok())
    throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { ...account, token };
}

/** Opens the app already signed in as `account` (the token sits in local storage under `token`). */
export async function signInAs(page: Page, account: Pick<TTestAccount, 'token'>): Promise<void> {
  await page.addInitScript((token) => {
    if (!window.sessionStorage.getItem('muse-e2e-signed-in')) {
      window.localStorage.setItem('token', token);
      window.sessionStorage.setItem('muse-e2e-signed-in', '1');
    }
  }, account.token);
}

export type TMail = { to: string; subject: string; text: string; links: string[]; sentAt: string };

/** Reads the local mailbox (development and test only) for mail sent to `email`, newest first. */
export async function readMailbox(request: APIRequestContext, email: string): Promise<TMail[]> {
  const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  if (!response.ok()) throw new Error(`mailbox failed: ${response.status()}`);
  return ((await response.json()) as { messages: TMail[] }).messages;
}

/**
 * Puts `account` on a monthly plan through the TEST MODE checkout's API (seeding, not clicks):
 * the same fulfilment as a real payment, so credits and influencer slots are granted.
 */
export async function buyPlan(
  request: APIRequestContext,
  account: Pick<TTestAccount, 'token'>,
  plan: 'builder' | 'launch' | 'growth',
): Promise<void> {
  const headers = { authorization: `Bearer ${account.token}` };
  const checkout = await request.post('/api/payments/create-checkout-session', {
    headers,
    data: { plan, billing: 'monthly', promoCode: null },
  });
  if (!checkout.ok()) throw new Error(`checkout failed: ${checkout.status()}`);
  const { url } = (await checkout.json()) as { url: string };
  const sessionId = url.split('/').pop();
  const paid = await request.post(`/api/payments/test-checkout/${sessionId}/pay`, { headers });
  if (!paid.ok()) throw new Error(`test payment failed: ${paid.status()} ${await paid.text()}`);
}
