/**
 * Keyset pagination of the lists that grow (docs/decisions/0032-keyset-pagination.md): newest
 * first by (created_at, id), the next page starting strictly after the last row shown. Rows
 * added meanwhile are newer, so they come before the first page and never shift the later
 * ones: no row is shown twice or skipped, however long the reader takes.
 */
import { PAGE_TEXTS } from '@muse/shared';
import { desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from './errors';

/** Where a page ended: the last row's creation time (to the microsecond) and id. */
export type TPosition = { at: string; id: string };

/** A page asked for: after the `nextCursor` of the page before (none: the first), `limit` rows. */
export type TPageRequest = { cursor?: string; limit: number };

export type TPage<T> = { rows: T[]; nextCursor: string | null };

/** A row read for a page carries its creation time as PostgreSQL's exact text. */
type TKeyed = { id: string; cursorAt: string };

/**
 * The cursor's creation time in UTC with all six digits of its microseconds: a JavaScript Date
 * keeps milliseconds only, and rows written in the same millisecond would otherwise be skipped.
 */
export const cursorAt = (createdAt: AnyColumn) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const ZPosition = z.object({
  at: z.string().regex(/^(19|20)\d{2}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  id: z.uuid(),
});

/** A real instant (no 30 February), so PostgreSQL's cast cannot fail on it. */
function isRealTime(at: string): boolean {
  const time = new Date(at);
  return !Number.isNaN(time.getTime()) && time.toISOString().slice(0, 23) === at.slice(0, 23);
}

export function encodeCursor(position: TPosition): string {
  return Buffer.from(JSON.stringify({ at: position.at, id: position.id })).toString('base64url');
}

/** The position a cursor names; a cursor Muse did not write is a 400, never a failed query. */
export function decodeCursor(cursor: string): TPosition {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(PAGE_TEXTS.badCursor);
  }
  const parsed = ZPosition.safeParse(value);
  if (!parsed.success || !isRealTime(parsed.data.at)) throw badRequest(PAGE_TEXTS.badCursor);
  return parsed.data;
}

/**
 * Rows older than the cursor's position, as one row comparison: the index on
 * (user_id, created_at desc, id desc) answers it as a range, without a sort.
 */
export function olderThan(createdAt: AnyColumn, id: AnyColumn, cursor: string | undefined) {
  if (!cursor) return undefined;
  const position = decodeCursor(cursor);
  return sql`(${createdAt}, ${id}) < (${position.at}::timestamptz, ${position.id}::uuid)`;
}

/** Newest first, ties (rows of one transaction share their time) broken by id. */
export const newestFirst = (createdAt: AnyColumn, id: AnyColumn): SQL[] => [
  desc(createdAt),
  desc(id),
];

/**
 * One page from `limit + 1` rows read: the extra row only says whether another page follows.
 */
export function toPage<T extends TKeyed>(rows: T[], limit: number): TPage<T> {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: more && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}
