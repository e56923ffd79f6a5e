import {
  FREE_ENTITLEMENTS,
  PLANS,
  planLabel,
  type TDashboard,
  type TJobStatus,
  type TPlanKey,
} from '@muse/shared';
import { and, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TDatabase } from '../../db/client';
import {
  accountBalances,
  influencers,
  jobs,
  products,
  subscriptions,
  workspaces,
} from '../../db/schema';
import type { TFileUrlSigner } from '../../lib/file-urls';
import { LIVE_STATUSES } from '../billing/subscriptions';
import { latestLikeness } from '../influencers/likeness';
import { toPublicInfluencer } from '../influencers/service';

const RECENT_INFLUENCERS = 6;

/** A scalar subquery: its single value, or `fallback` when it finds no row. */
const scalar = <T>(query: SQL | { getSQL(): SQL }, fallback: SQL = sql`null`) =>
  sql<T>`coalesce((${query}), ${fallback})`;

/** The dashboard's one statement, for the account `$workspaceId`. */
function prepareDashboard(db: TDatabase) {
  const balance = (column: AnyPgColumn) =>
    scalar<number>(
      db
        .select({ value: column })
        .from(accountBalances)
        .where(eq(accountBalances.workspaceId, workspaces.id)),
      sql`0`,
    ).mapWith(Number);
  const recentSelection = {
    ...getTableColumns(influencers),
    trainingStatus: sql<TJobStatus | null>`${jobs.status}`.as('training_status'),
    likeness: latestLikeness().as('likeness'),
  };
  const recent = db
    .select(recentSelection)
    .from(influencers)
    .leftJoin(jobs, eq(jobs.id, influencers.trainingJobId))
    .where(eq(influencers.workspaceId, workspaces.id))
    .orderBy(desc(influencers.createdAt), desc(influencers.id))
    .limit(RECENT_INFLUENCERS)
    .as('recent');

  return db
    .select({
      credits: balance(accountBalances.credits),
      modelTokens: balance(accountBalances.modelTokens),
      modelTokensGranted: balance(accountBalances.modelTokensGranted),
      plan: scalar<TPlanKey | null>(
        db
          .select({ plan: subscriptions.plan })
          .from(subscriptions)
          .where(
            and(
              eq(subscriptions.workspaceId, workspaces.id),
              inArray(subscriptions.status, [...LIVE_STATUSES]),
            ),
          )
          .orderBy(desc(subscriptions.createdAt))
          .limit(1),
      ),
      influencers: scalar<number>(
        db
          .select({ used: count() })
          .from(influencers)
          .where(eq(influencers.workspaceId, workspaces.id)),
      ).mapWith(Number),
      products: scalar<number>(
        db.select({ used: count() }).from(products).where(eq(products.workspaceId, workspaces.id)),
      ).mapWith(Number),
      // The joined influencer, all of its fields as the subquery names them (null without one).
      recent: Object.fromEntries(
        Object.keys(recentSelection).map((key) => [
          key,
          recent[key as keyof typeof recentSelection],
        ]),
      ) as (typeof recent)['_']['selectedFields'],
    })
    .from(workspaces)
    .leftJoinLateral(recent, sql`true`)
    .where(eq(workspaces.id, sql.placeholder('workspaceId')))
    .orderBy(desc(recent.createdAt), desc(recent.id))
    .prepare('muse_dashboard');
}

/**
 * Prepared once per database handle and planned once per connection: building and planning this
 * statement cost more than running it.
 */
const statements = new WeakMap<TDatabase, ReturnType<typeof prepareDashboard>>();

/**
 * The figures of the Discover page, all read from the ledger, the plan and the account's rows,
 * in one statement: the figures are scalar subqueries on the account's row, and its newest
 * influencers are joined beside them (one row each, or one row of figures alone when it has
 * none). A read: it writes nothing (docs/decisions/0031-session-cache-and-hot-reads.md).
 */
export async function getDashboard(
  db: TDatabase,
  files: TFileUrlSigner,
  workspaceId: string,
): Promise<TDashboard> {
  let statement = statements.get(db);
  if (!statement) {
    statement = prepareDashboard(db);
    statements.set(db, statement);
  }
  const rows = await statement.execute({ workspaceId });

  const figures = rows[0];
  if (!figures) throw new Error('The signed-in account has no row');
  const plan = figures.plan;
  const entitlements = plan ? PLANS[plan].entitlements : FREE_ENTITLEMENTS;
  return {
    plan,
    planLabel: planLabel(plan),
    credits: figures.credits,
    modelTokens: figures.modelTokens,
    // Influencer slots: every model token ever granted (docs/product/workspace.md).
    influencers: { used: figures.influencers, limit: figures.modelTokensGranted },
    products: { used: figures.products, limit: entitlements.productSlots },
    // Without an influencer the lateral join leaves one row of figures and no influencer.
    recentInfluencers: rows.flatMap(({ recent: row }) =>
      row?.id ? [toPublicInfluencer(row, files)] : [],
    ),
  };
}
