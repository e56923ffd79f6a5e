import { ACCOUNT_DATA_TEXTS, type TAccountExport } from '@muse/shared';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredExports } from '../src/modules/account-data/exports';
import { keysOfAccount, readStored, seedAccount, sha256 } from './account-data';
import { startMailWorker, waitForMail } from './account-mail';
import { registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { waitFor } from './creations';
import { bookSale } from './sales-helpers';

/*
 * 'Download my data' (docs/product/data-rights.md): the ZIP holds every file the account's rows
 * name and none of another account with the same kinds of data, progress reaches 100, the link
 * mailed works without a session for 7 days and then answers 410, and another account can read
 * nothing of it.
 */

let ctx: TTestContext;
let worker: Awaited<ReturnType<typeof startMailWorker>>;
let owner: TTestAccount;
let other: TTestAccount;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'http://muse.test' });
  worker = await startMailWorker(ctx);
  owner = await registerAccount(ctx.app, 'exporter');
  other = await registerAccount(ctx.app, 'neighbour');
  const mine = await seedAccount(ctx, owner, 'Ava');
  const theirs = await seedAccount(ctx, other, 'Ava');
  // Each bought the other's post: a sale for one, a purchase for the other.
  await bookSale(ctx, theirs.paid.id, owner, 900);
  await bookSale(ctx, mine.paid.id, other, 900);
}, 60_000);
afterAll(() => worker.stop());

const call = (account: TTestAccount | null, method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({ method, url, headers: account?.headers });

async function exportOf(account: TTestAccount, id: string): Promise<TAccountExport> {
  const answer = await call(account, 'GET', `/api/account/exports/${id}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().export;
}

/** Requests an export and follows it until it is ready, noting every progress it showed. */
async function readyExport(account: TTestAccount) {
  const started = await call(account, 'POST', '/api/account/exports');
  expect(started.statusCode, started.body).toBe(200);
  const { id } = started.json().export as TAccountExport;
  const seen: number[] = [];
  let last: TAccountExport | undefined;
  await waitFor(async () => {
    last = await exportOf(account, id);
    seen.push(last.progress);
    return last.status === 'ready' || last.status === 'failed';
  }, 60_000);
  return { ready: last!, seen };
}

const TEXT = /\.(json|csv|txt)$/;

describe('an account export', () => {
  let ready: TAccountExport;
  let link: string;
  let entries: Record<string, Uint8Array>;

  it('answers the running export to a second request, one at a time', async () => {
    await worker.stop();
    const first = await call(owner, 'POST', '/api/account/exports');
    const second = await call(owner, 'POST', '/api/account/exports');
    expect(first.json().export).toMatchObject({ status: 'queued', progress: 0, downloadUrl: null });
    expect(second.json().export.id).toBe(first.json().export.id);
    await worker.start();
    await waitFor(async () => (await exportOf(owner, first.json().export.id)).status === 'ready');
  });

  it('is built by a job whose progress reaches 100, and mailed as a link', async () => {
    const built = await readyExport(owner);
    ready = built.ready;
    expect(ready).toMatchObject({ status: 'ready', progress: 100, failure: null, expired: false });
    expect(built.seen.every((value, i) => i === 0 || value >= built.seen[i - 1]!)).toBe(true);
    expect(ready.downloadUrl).toMatch(/^\/api\/account\/exports\/.+\/download\?expires=/);
    const expiresIn = new Date(ready.expiresAt!).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 24 * 3600_000);

    const mails = await waitForMail(ctx, owner.email, 'Your Muse data is ready to download', 2);
    link = mails[0]!.links.find((href) => href.includes('/download?token='))!;
    expect(link).toMatch(new RegExp(`^http://muse.test/api/account/exports/${ready.id}/download`));
    const stored = await ctx.database.pool.query(
      'select token_hash from account_exports where id = $1',
      [ready.id],
    );
    const token = new URL(link).searchParams.get('token')!;
    expect(stored.rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0].token_hash).not.toContain(token);
  });

  it('downloads with the mailed link, without a session, as a ZIP', async () => {
    const url = new URL(link);
    const answer = await call(null, 'GET', `${url.pathname}${url.search}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="muse-data-/);
    expect(answer.rawPayload.length).toBe(ready.sizeBytes);
    entries = unzipSync(new Uint8Array(answer.rawPayload));
    // The settings' own link (signed, for the owner) is the same file.
    const signed = await call(null, 'GET', ready.downloadUrl!);
    expect(signed.statusCode).toBe(200);
    expect(sha256(signed.rawPayload)).toBe(sha256(answer.rawPayload));
  });

  it('holds every file of the account and none of the other account', async () => {
    const zipped = new Set(
      Object.entries(entries)
        .filter(([name]) => !TEXT.test(name))
        .map(([, data]) => sha256(data)),
    );
    const mine = await keysOfAccount(ctx, owner.userId);
    const theirs = await keysOfAccount(ctx, other.userId);
    expect(mine.length).toBeGreaterThan(15);
    const hashesOf = async (keys: string[]) =>
      Promise.all(keys.map(async (key) => sha256((await readStored(ctx, key))!)));
    expect([...zipped].sort()).toEqual([...new Set(await hashesOf(mine))].sort());
    for (const hash of await hashesOf(theirs)) expect(zipped.has(hash)).toBe(false);

    const names = Object.keys(entries);
    for (const name of [
      'README.txt',
      'account.json',
      'personas/Ava/persona.json',
      'personas/Ava/likeness.json',
      'gallery/gallery.json',
      'posts/posts.json',
      'products/products.json',
      'sales.csv',
      'sales.json',
      'credits.csv',
      'purchases.json',
      'platforms.json',
      'api-keys.json',
      'webhooks.json',
    ]) {
      expect(names).toContain(name);
    }
    expect(
      names.filter((name) => name.startsWith('personas/Ava/photos/') && !name.includes('previews')),
    ).toHaveLength(2);
  });

  it('names no secret and nothing of the other account in its texts', async () => {
    const text = (name: string) => new TextDecoder().decode(entries[name]);
    const all = Object.keys(entries)
      .filter((name) => TEXT.test(name))
      .map(text)
      .join('\n');
    expect(all).not.toMatch(/\$argon2|sealed-|token_?hash|secret_?ciphertext/i);
    expect(all).not.toContain(other.email);
    expect(all).not.toContain(other.userId);
    expect(all).not.toContain(owner.token);
    const account = JSON.parse(text('account.json'));
    expect(account.profile).toMatchObject({ id: owner.userId, email: owner.email });
    expect(account.plan.credits).toBe(75);
    expect(JSON.parse(text('purchases.json'))).toHaveLength(1);
    expect(JSON.parse(text('sales.json')).sales).toHaveLength(1);
    expect(text('credits.csv').split('\r\n')[1]).toMatch(/,credits,75,welcome,Welcome credits$/);
    expect(JSON.parse(text('api-keys.json'))[0]).toEqual(
      expect.objectContaining({ name: "Ava's agency", prefix: 'muse_live_ab12' }),
    );
    expect(JSON.parse(text('webhooks.json'))[0]).toEqual(
      expect.objectContaining({ url: 'https://hooks.example.com/ava' }),
    );
  });

  it('cannot be read by another account, or with a wrong token', async () => {
    expect((await call(other, 'GET', `/api/account/exports/${ready.id}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', '/api/account/exports')).json().export).toBeNull();
    const wrong = await call(other, 'GET', `/api/account/exports/${ready.id}/download?token=nope`);
    expect([wrong.statusCode, wrong.json().code]).toEqual([404, 'EXPORT_NOT_FOUND']);
    const forged = ready.downloadUrl!.replace(/signature=[^&]+/, 'signature=forged');
    expect((await call(null, 'GET', forged)).statusCode).toBe(404);
    // The other account's own export holds nothing of this one.
    const theirs = await readyExport(other);
    const download = await call(null, 'GET', theirs.ready.downloadUrl!);
    const files = unzipSync(new Uint8Array(download.rawPayload));
    const mine = await Promise.all(
      (await keysOfAccount(ctx, owner.userId)).map(async (key) =>
        sha256((await readStored(ctx, key))!),
      ),
    );
    for (const [name, data] of Object.entries(files)) {
      if (!TEXT.test(name)) expect(mine).not.toContain(sha256(data));
    }
  });

  it('expires after 7 days: the link answers 410 and the purge deletes the file', async () => {
    const [{ storage_key: key }] = (
      await ctx.database.pool.query(
        `update account_exports set expires_at = now() - interval '1 second' where id = $1 returning storage_key`,
        [ready.id],
      )
    ).rows;
    const url = new URL(link);
    const gone = await call(null, 'GET', `${url.pathname}${url.search}`);
    expect([gone.statusCode, gone.json()]).toEqual([
      410,
      { success: false, error: ACCOUNT_DATA_TEXTS.exportExpired, code: 'EXPORT_EXPIRED' },
    ]);
    expect(await exportOf(owner, ready.id)).toMatchObject({ expired: true, downloadUrl: null });
    expect(await purgeExpiredExports(ctx.database.db, ctx.app.services.storage)).toBe(1);
    expect(await ctx.app.services.storage.exists(key)).toBe(false);
    expect((await call(null, 'GET', `${url.pathname}${url.search}`)).statusCode).toBe(410);
    // A new export can be asked for at once.
    const again = await call(owner, 'POST', '/api/account/exports');
    expect(again.json().export.id).not.toBe(ready.id);
  });
});
