/**
 * Refusals kept for the operators' review (docs/product/trust-and-safety.md, 'No minors'): a
 * prompt that asked for a person under 18, and a training photo or an output whose face the model
 * estimated under the age threshold. What was refused is described, never kept: the prompt's
 * words and the estimate, not the picture.
 */
import { asksForMinor, MINORS_TEXT } from '@muse/shared';
import type { TQueryable } from '../../db/client';
import { safetyRefusals, type TSafetyRefusalKind } from '../../db/schema';
import { AppError } from '../../lib/errors';

export type TRefusal = {
  userId: string | null;
  kind: TSafetyRefusalKind;
  tool: string;
  prompt?: string | null;
  estimatedAge?: number | null;
  influencerId?: string | null;
  jobId?: string | null;
};

/** Longest prompt kept with a refusal: enough to judge it, never a whole document. */
const PROMPT_KEPT = 2000;

export async function recordRefusal(db: TQueryable, refusal: TRefusal): Promise<void> {
  await db.insert(safetyRefusals).values({
    userId: refusal.userId,
    kind: refusal.kind,
    tool: refusal.tool,
    prompt: refusal.prompt?.slice(0, PROMPT_KEPT) ?? null,
    estimatedAge: refusal.estimatedAge ?? null,
    influencerId: refusal.influencerId ?? null,
    jobId: refusal.jobId ?? null,
  });
}

/** The first text among a request's fields that asks for a minor, if any. */
function minorText(fields: unknown): string | null {
  if (typeof fields === 'string') return asksForMinor(fields) ? fields : null;
  if (typeof fields !== 'object' || fields === null) return null;
  for (const value of Object.values(fields)) {
    const found = minorText(value);
    if (found) return found;
  }
  return null;
}

/**
 * When `error` is the refusal of a prompt that asks for a minor, records it (with the words that
 * asked) before the caller answers with it. Any other error is left alone.
 */
export async function noteMinorPromptRefusal(
  db: TQueryable,
  error: unknown,
  refusal: { userId: string | null; tool: string; fields: unknown },
): Promise<void> {
  if (!(error instanceof AppError) || error.message !== MINORS_TEXT) return;
  await recordRefusal(db, {
    userId: refusal.userId,
    kind: 'prompt',
    tool: refusal.tool,
    prompt: minorText(refusal.fields),
  });
}
