import { planLabel, type TDashboard } from '@muse/shared';
import type { TDatabase } from '../../db/client';
import type { TFileUrlSigner } from '../../lib/file-urls';
import { getAccountState } from '../billing/entitlements';
import { countInfluencers, listInfluencers, toPublicInfluencer } from '../influencers/service';
import { countProducts } from '../products/service';

const RECENT_INFLUENCERS = 6;

/** The figures of the Discover page, all read from the ledger, the plan and the account's rows. */
export async function getDashboard(
  db: TDatabase,
  files: TFileUrlSigner,
  userId: string,
): Promise<TDashboard> {
  const [account, influencers, products, recent] = await Promise.all([
    getAccountState(db, userId),
    countInfluencers(db, userId),
    countProducts(db, userId),
    listInfluencers(db, userId, RECENT_INFLUENCERS),
  ]);
  return {
    plan: account.plan,
    planLabel: planLabel(account.plan),
    credits: account.credits,
    modelTokens: account.modelTokens,
    influencers: { used: influencers, limit: account.influencerSlots },
    products: { used: products, limit: account.entitlements.productSlots },
    recentInfluencers: recent.map((row) => toPublicInfluencer(row, files)),
  };
}
