/**
 * The workspaces migration (docs/decisions/0055-workspaces.md) on a database filled the old way:
 * migrated up to the migration before it, filled with accounts, balances, personas, posts,
 * purchases and payouts, then migrated the rest of the way. Every account then has a personal
 * workspace with its own id and itself as owner, and nothing else changed: every row and every
 * balance is as it was, each under the workspace its owner's id names.
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
  return { creator, other, fan, influencer, post };
}

/** Every row the accounts own, as it reads. */
async function owned() {
  const tables = {
    users: 'select id, email, full_name from users order by id',
    balances: 'select * from account_balances order by user_id',
    influencers: 'select id, user_id, name from influencers order by id',
    posts: 'select id, user_id, price_cents, status from posts order by id',
    purchases: 'select post_id, buyer_id, creator_id, amount_cents, status from post_purchases',
    payouts: 'select user_id, amount_cents, status from payouts',
  };
  const read: Record<string, unknown[]> = {};
  for (const [table, query] of Object.entries(tables)) read[table] = (await db.query(query)).rows;
  return read;
}

describe('the workspaces migration', () => {
  it('gives every account of an old database its personal workspace, and changes nothing else', async () => {
    const { creator, other, fan } = await fillTheOldWay();
    const was = await owned();

    await runMigrations(url);

    expect(await owned()).toEqual(was);
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
    for (const [table, column] of [
      ['account_balances', 'user_id'],
      ['influencers', 'user_id'],
      ['posts', 'user_id'],
      ['post_purchases', 'creator_id'],
      ['payouts', 'user_id'],
    ] as const) {
      const orphans = await db.query(
        `select count(*)::int as n from ${table} t where not exists (select 1 from workspaces w where w.id = t.${column} and w.personal)`,
      );
      expect(orphans.rows[0].n, table).toBe(0);
    }
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
