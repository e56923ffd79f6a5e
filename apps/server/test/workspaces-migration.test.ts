/**
 * The workspaces migration (docs/decisions/0055-workspaces.md) on a database filled the old way:
 * migrated up to the migration before it, filled with accounts, balances, personas, posts,
 * purchases and payouts, then migrated the rest of the way. Every account then has a personal
 * workspace with its own id and itself as owner, and nothing else changed: every row and every
 * balance is as it was, each under the workspace its owner's id names (its `user_id` column now
 * `workspace_id`), and what a person did is theirs (`created_by`, a spend's actor).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runMigrations } from '../src/db/migrate';
import { MIGRATIONS_DIR } from '../src/lib/paths';

const WORKSPACES_MIGRATION = '0025_workspaces';

let admin: pg.Client;
let db: pg.Client;
let name: string;
let url: string;
let before: string;

/** The committed migrations up to (not including) `tag`, in a folder of their own. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'muse-migrations-'));
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(cut, `${tag} is in the journal`).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  name = `muse_migration_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const address = new URL(inject('pgAdminUrl'));
  address.pathname = `/${name}`;
  url = address.toString();
  before = migrationsBefore(WORKSPACES_MIGRATION);
  await runMigrations(url, before);
  db = new pg.Client({ connectionString: url });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await admin?.query(`drop database if exists ${name} with (force)`);
  await admin?.end();
  rmSync(before, { recursive: true, force: true });
});

/** Two creators and a fan, the old way: what each owns, with a balance, a sale and a payout. */
async function fillTheOldWay() {
  const [creator, other, fan] = [randomUUID(), randomUUID(), randomUUID()];
  for (const [id, email] of [
    [creator, 'creator@example.com'],
    [other, 'other@example.com'],
    [fan, 'fan@example.com'],
  ] as const)
    await db.query(`insert into users (id, email, full_name) values ($1, $2, 'Someone')`, [
      id,
      email,
    ]);
  await db.query(
    `insert into account_balances (user_id, credits, model_tokens, model_tokens_granted)
     values ($1, 1234, 2, 3), ($2, 50, 0, 1)`,
    [creator, other],
  );
  const influencer = randomUUID();
  await db.query(
    `insert into influencers (id, user_id, name, niche, description) values ($1, $2, 'Ava', 'fashion', 'Style')`,
    [influencer, creator],
  );
  const post = randomUUID();
  await db.query(
    `insert into posts (id, user_id, influencer_id, influencer_name, price_cents, status, publish_at, scheduled, time_zone)
     values ($1, $2, $3, 'Ava', 500, 'published', now(), false, 'UTC')`,
    [post, creator, influencer],
  );
  await db.query(
    `insert into post_purchases (post_id, buyer_id, creator_id, amount_cents, fee_cents, net_cents, provider, checkout_id)
     values ($1, $2, $3, 500, 100, 400, 'test', 'cs_test_old')`,
    [post, fan, creator],
  );
  await db.query(
    `insert into payouts (user_id, amount_cents, status, provider) values ($1, 1500, 'paid', 'test')`,
    [creator],
  );
  await db.query(
    `insert into ledger_entries (user_id, currency, amount, kind, description, reference)
     values ($1, 'credits', 1250, 'plan', 'Launch plan', 'grant:1'),
            ($1, 'credits', -16, 'spend', 'Upscale', 'job:1')`,
    [creator],
  );
  await db.query(
    `insert into subscriptions (user_id, provider, provider_subscription_id, plan, billing, status, current_period_start, current_period_end)
     values ($1, 'test', 'sub_test_old', 'launch', 'monthly', 'active', now(), now() + interval '1 month')`,
    [creator],
  );
  await db.query(
    `insert into jobs (user_id, tool, status, options, cost, engine) values ($1, 'upscale', 'succeeded', '{}', 16, 'local')`,
    [creator],
  );
  await db.query(
    `insert into api_keys (user_id, name, prefix, token_hash, scopes) values ($1, 'Agency', 'muse_live_ab', $2, '[]')`,
    [other, randomBytes(32).toString('hex')],
  );
  return { creator, other, fan, influencer, post };
}

/**
 * Every row the accounts own, as it reads; `owner` is the column that names whose it is (the
 * account's `user_id` before, the workspace's `workspace_id` after).
 */
async function owned(owner: 'user_id' | 'workspace_id') {
  const seller = owner === 'user_id' ? 'creator_id' : 'workspace_id';
  const tables = {
    users: 'select id, email, full_name from users order by id',
    balances: `select ${owner} as owner, credits, model_tokens, model_tokens_granted, updated_at from account_balances order by ${owner}`,
    influencers: `select id, ${owner} as owner, name from influencers order by id`,
    posts: `select id, ${owner} as owner, price_cents, status from posts order by id`,
    purchases: `select post_id, buyer_id, ${seller} as owner, amount_cents, status from post_purchases`,
    payouts: `select ${owner} as owner, amount_cents, status from payouts`,
    ledger: `select ${owner} as owner, currency, amount, kind, reference from ledger_entries order by reference`,
    subscriptions: `select ${owner} as owner, plan, status from subscriptions`,
    jobs: `select id, ${owner} as owner, tool, cost from jobs`,
    keys: `select id, ${owner} as owner, name from api_keys`,
  };
  const read: Record<string, unknown[]> = {};
  for (const [table, query] of Object.entries(tables)) read[table] = (await db.query(query)).rows;
  return read;
}

describe('the workspaces migration', () => {
  it('gives every account of an old database its personal workspace, and changes nothing else', async () => {
    const { creator, other, fan } = await fillTheOldWay();
    const was = await owned('user_id');

    await runMigrations(url);

    expect(await owned('workspace_id')).toEqual(was);
    const workspaces = await db.query(
      'select id, name, personal, approval_required from workspaces order by id',
    );
    expect(workspaces.rows).toEqual(
      [creator, other, fan].sort().map((id) => ({
        id,
        name: 'Personal workspace',
        personal: true,
        approval_required: false,
      })),
    );
    const members = await db.query('select workspace_id, user_id, role from workspace_members');
    expect(members.rows).toHaveLength(3);
    for (const member of members.rows)
      expect(member).toEqual({
        workspace_id: member.user_id,
        user_id: member.user_id,
        role: 'owner',
      });
    // What each account owned is under the workspace its owner's id names.
    for (const table of [
      'account_balances',
      'influencers',
      'posts',
      'post_purchases',
      'payouts',
      'ledger_entries',
      'subscriptions',
      'jobs',
      'api_keys',
    ]) {
      const orphans = await db.query(
        `select count(*)::int as n from ${table} t where not exists (select 1 from workspaces w where w.id = t.workspace_id and w.personal)`,
      );
      expect(orphans.rows[0].n, table).toBe(0);
    }
    // Who did what was the account itself: its jobs, posts and keys, and its spends (not a grant).
    expect((await db.query('select created_by from jobs')).rows).toEqual([{ created_by: creator }]);
    expect((await db.query('select created_by from posts')).rows).toEqual([
      { created_by: creator },
    ]);
    expect((await db.query('select created_by from api_keys')).rows).toEqual([
      { created_by: other },
    ]);
    expect(
      (await db.query('select kind, actor_id from ledger_entries order by reference')).rows,
    ).toEqual([
      { kind: 'plan', actor_id: null },
      { kind: 'spend', actor_id: creator },
    ]);
  });

  it('makes the personal workspace of each account made after it, and drops it with the account', async () => {
    const id = randomUUID();
    await db.query(
      `insert into users (id, email, full_name) values ($1, 'new@example.com', 'New')`,
      [id],
    );
    const made = await db.query(
      `select w.personal, m.role from workspaces w join workspace_members m on m.workspace_id = w.id
       where w.id = $1 and m.user_id = $1`,
      [id],
    );
    expect(made.rows).toEqual([{ personal: true, role: 'owner' }]);
    // …and an account removed for good takes it along.
    await db.query('delete from users where id = $1', [id]);
    expect((await db.query('select id from workspaces where id = $1', [id])).rows).toEqual([]);
  });
});
