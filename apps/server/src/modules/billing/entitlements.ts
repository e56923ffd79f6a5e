import {
  ACTION_ENTITLEMENTS,
  CREDIT_COSTS,
  FREE_ENTITLEMENTS,
  PLANS,
  type TCreditAction,
  type TEntitlements,
  type TPlanKey,
} from '@muse/shared';
import type { TDatabase } from '../../db/client';
import { getBalances, type TBalances } from './ledger';
import { findLiveSubscription, type TSubscriptionRow } from './subscriptions';

export type TAccountState = TBalances & {
  plan: TPlanKey | null;
  entitlements: TEntitlements;
  /** Influencer slots: every model token ever granted (docs/product/workspace.md). */
  influencerSlots: number;
  subscription: TSubscriptionRow | null;
};

export async function getAccountState(db: TDatabase, workspaceId: string): Promise<TAccountState> {
  const [balances, subscription] = await Promise.all([
    getBalances(db, workspaceId),
    findLiveSubscription(db, workspaceId),
  ]);
  const plan = subscription?.plan ?? null;
  return {
    ...balances,
    plan,
    entitlements: plan ? PLANS[plan].entitlements : FREE_ENTITLEMENTS,
    influencerSlots: balances.modelTokensGranted,
    subscription: subscription ?? null,
  };
}

export type TActionCheck =
  { allowed: true; cost: number } | { allowed: false; cost: number; reason: 'plan' | 'credits' };

/** May this account do `action` now, and what would it cost? (count: e.g. images in a batch) */
export function checkAction(state: TAccountState, action: TCreditAction, count = 1): TActionCheck {
  const cost = CREDIT_COSTS[action] * count;
  if (!state.entitlements[ACTION_ENTITLEMENTS[action]])
    return { allowed: false, cost, reason: 'plan' };
  if (state.credits < cost) return { allowed: false, cost, reason: 'credits' };
  return { allowed: true, cost };
}
