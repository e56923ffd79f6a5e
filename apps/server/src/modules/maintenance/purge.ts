import { and, isNull, lt } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import {
  emailVerificationTokens,
  oauthFlows,
  oauthLoginCodes,
  passwordResetTokens,
  rateLimitHits,
  sessions,
  workspaceActivity,
  workspaceInvitations,
} from '../../db/schema';
import { ACTIVITY_DAYS } from '../workspaces/activity';

/** Rate-limit windows are minutes long; a day-old counter is certainly spent. */
const RATE_LIMIT_KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes what can no longer be used: expired sessions, reset and confirmation links, sign-in
 * flows and codes, spent rate-limit counters, expired invitations and a workspace's activity past
 * its 90 days. Run hourly by the job workers' schedule.
 */
export async function purgeExpired(db: TDatabase, now = new Date()): Promise<number> {
  const counts = await Promise.all([
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
    db
      .delete(passwordResetTokens)
      .where(lt(passwordResetTokens.expiresAt, now))
      .returning({ id: passwordResetTokens.id }),
    db
      .delete(emailVerificationTokens)
      .where(lt(emailVerificationTokens.expiresAt, now))
      .returning({ id: emailVerificationTokens.id }),
    db
      .delete(oauthFlows)
      .where(lt(oauthFlows.expiresAt, now))
      .returning({ state: oauthFlows.state }),
    db
      .delete(oauthLoginCodes)
      .where(lt(oauthLoginCodes.expiresAt, now))
      .returning({ code: oauthLoginCodes.codeHash }),
    db
      .delete(rateLimitHits)
      .where(lt(rateLimitHits.windowStartedAt, new Date(now.getTime() - RATE_LIMIT_KEEP_MS)))
      .returning({ key: rateLimitHits.key }),
    // A workspace's activity is kept 90 days; an invitation nobody accepted, until it expires.
    db
      .delete(workspaceActivity)
      .where(
        lt(workspaceActivity.createdAt, new Date(now.getTime() - ACTIVITY_DAYS * 24 * 3600 * 1000)),
      )
      .returning({ id: workspaceActivity.id }),
    db
      .delete(workspaceInvitations)
      .where(and(lt(workspaceInvitations.expiresAt, now), isNull(workspaceInvitations.acceptedAt)))
      .returning({ id: workspaceInvitations.id }),
  ]);
  return counts.reduce((total, rows) => total + rows.length, 0);
}
