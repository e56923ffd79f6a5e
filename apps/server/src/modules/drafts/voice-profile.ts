/**
 * A persona's voice profile (docs/product/drafts.md): how it writes, kept on its row, read by
 * every draft in its name. Drafted by the text engine (a `voice-profile` draft) and saved, or
 * written by the creator, here.
 */
import type { TVoiceProfile } from '@muse/shared';
import { and, eq } from 'drizzle-orm';
import type { TQueryable } from '../../db/client';
import { influencers } from '../../db/schema';
import { findInfluencer } from '../influencers/service';

export async function getVoiceProfile(
  db: TQueryable,
  workspaceId: string,
  influencerId: string,
): Promise<TVoiceProfile | null> {
  await findInfluencer(db, workspaceId, influencerId);
  const [row] = await db
    .select({ profile: influencers.voiceProfile })
    .from(influencers)
    .where(and(eq(influencers.id, influencerId), eq(influencers.workspaceId, workspaceId)));
  return row?.profile ?? null;
}

/** Keeps `profile` (null removes it), answering what is kept. */
export async function saveVoiceProfile(
  db: TQueryable,
  workspaceId: string,
  influencerId: string,
  profile: TVoiceProfile | null,
): Promise<TVoiceProfile | null> {
  await findInfluencer(db, workspaceId, influencerId);
  const [row] = await db
    .update(influencers)
    .set({ voiceProfile: profile, updatedAt: new Date() })
    .where(and(eq(influencers.id, influencerId), eq(influencers.workspaceId, workspaceId)))
    .returning({ profile: influencers.voiceProfile });
  return row?.profile ?? null;
}
