import { PUBLISH_PLATFORMS, type TPlatformStatsResponse } from '@muse/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { posts, postTargets } from '../../db/schema';
import { findInfluencer } from '../influencers/service';

/**
 * An influencer's published platform posts and what they drew, per platform, from the counts
 * last read (the daily read, or the creator opening a post).
 */
export async function platformStats(
  db: TDatabase,
  workspaceId: string,
  influencerId: string,
): Promise<TPlatformStatsResponse['platforms']> {
  const influencer = await findInfluencer(db, workspaceId, influencerId);
  const rows = await db
    .select({
      platform: postTargets.platform,
      posts: sql<number>`count(*)::int`,
      views: sql<number | null>`sum(${postTargets.views})::int`,
      likes: sql<number | null>`sum(${postTargets.likes})::int`,
      comments: sql<number | null>`sum(${postTargets.comments})::int`,
      shares: sql<number | null>`sum(${postTargets.shares})::int`,
    })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .where(
      and(
        eq(postTargets.workspaceId, workspaceId),
        eq(posts.influencerId, influencer.id),
        eq(postTargets.state, 'published'),
      ),
    )
    .groupBy(postTargets.platform);
  return PUBLISH_PLATFORMS.map(
    (platform) =>
      rows.find((row) => row.platform === platform) ?? {
        platform,
        posts: 0,
        views: null,
        likes: null,
        comments: null,
        shares: null,
      },
  );
}
