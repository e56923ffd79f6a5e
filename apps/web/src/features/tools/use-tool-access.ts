import {
  ACTION_ENTITLEMENTS,
  CREDIT_COSTS,
  FREE_ENTITLEMENTS,
  JOB_TOOL_ACTIONS,
  PLANS,
  type TJobTool,
} from '@muse/shared';
import { useDashboard } from '../../lib/workspace';
import { useEngines } from './api/get-engines';

export type TToolAccess = {
  /** False until the plan and balance are known; the tool's controls wait for it. */
  ready: boolean;
  /** The plan includes the tool and the balance covers its cost. */
  allowed: boolean;
  /** Why it is not allowed, for the note beside the button. */
  reason: 'plan' | 'credits' | null;
  /** What one run costs here: 0 while the tool's offline engine makes free previews. */
  cost: number;
  balance: number | null;
  /** The tool's offline engine is active: every result is a free 'Offline preview'. */
  preview: boolean;
};

/**
 * Whether the signed-in account may run `tool` now (docs/product/tools.md): its plan's entitlement
 * and a balance that covers the cost (nothing to cover while the tool makes free offline previews,
 * though the plan must still include it). FREE allows no tool, so a new account only sees limit modals.
 * The server checks again (403 plan, 402 credits); this answer spares the round trip.
 */
export function useToolAccess(tool: TJobTool): TToolAccess {
  const dashboard = useDashboard();
  const engines = useEngines();
  const action = JOB_TOOL_ACTIONS[tool];
  const preview = engines.data?.previews.includes(tool) ?? false;
  const cost = preview ? 0 : CREDIT_COSTS[action];

  if (dashboard.isError) {
    // The figures could not be read: let the server decide (it refuses with 402/403).
    return { ready: true, allowed: true, reason: null, cost, balance: null, preview };
  }
  const data = dashboard.data;
  if (!data) return { ready: false, allowed: false, reason: null, cost, balance: null, preview };

  const entitlements = data.plan ? PLANS[data.plan].entitlements : FREE_ENTITLEMENTS;
  let reason: TToolAccess['reason'] = null;
  if (!entitlements[ACTION_ENTITLEMENTS[action]]) reason = 'plan';
  else if (data.credits < cost) reason = 'credits';
  return { ready: true, allowed: reason === null, reason, cost, balance: data.credits, preview };
}
