/**
 * The queue's side of taking a hidden post off the platforms: an operator's hide enqueues it in
 * the same transaction, and the platform-posts runner removes every published copy
 * (docs/product/trust-and-safety.md, 'Reports and takedown').
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TQueryable } from '../../db/client';

export const TAKE_DOWN_POST_TASK = 'take-down-post';

export const ZTakeDownPostPayload = z.object({ postId: z.uuid() });

/** Enqueues the takedown of `postId`'s platform copies; once per post, however often hidden. */
export async function queueTakedown(tx: TQueryable, postId: string): Promise<void> {
  await tx.execute(
    sql`select graphile_worker.add_job(${TAKE_DOWN_POST_TASK}, ${JSON.stringify({ postId })}::json, job_key := ${`takedown:${postId}`}, job_key_mode := 'preserve_run_at', max_attempts := 10)`,
  );
}
