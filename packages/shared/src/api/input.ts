/**
 * What every request schema refuses before a value reaches the database
 * (docs/decisions/0025-hostile-input.md): text PostgreSQL cannot hold, and whole numbers beyond
 * its integer columns.
 */
import { z } from 'zod';

export const INPUT_TEXTS = {
  textNotAllowed: 'Text contains characters that are not allowed: remove them and try again',
  idInvalid: 'This id is not valid',
} as const;

/** The largest value of a PostgreSQL `integer` column (and of a `serial` id). */
export const PG_INT_MAX = 2_147_483_647;

/** A UTF-16 surrogate without its partner (the regex works on code units: no `u` flag). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether PostgreSQL can store the text: it refuses the NUL character in `text` and `jsonb`, and
 * a lone UTF-16 surrogate has no UTF-8 encoding (the driver would silently turn it into U+FFFD,
 * and `jsonb` refuses its escape). The same check as `String#isWellFormed`, written out because
 * the schemas also run in the web app, whose ES2022 target does not have it.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * A string the server stores or puts into SQL: `z.string()` that also refuses text
 * PostgreSQL cannot hold. Chain `.trim()`, `.min()`, `.max()` on it as on `z.string()`.
 */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, { error: INPUT_TEXTS.textNotAllowed });
}

/** An id of an integer (`serial`) column, as JSON sends it: a whole number from 1 to 2147483647. */
export const ZIntId = z
  .number({ error: INPUT_TEXTS.idInvalid })
  .int(INPUT_TEXTS.idInvalid)
  .min(1, INPUT_TEXTS.idInvalid)
  .max(PG_INT_MAX, INPUT_TEXTS.idInvalid);

/** The same id as a path or query string carries it ('42'). */
export const ZIntIdParam = z.coerce
  .number<string | number>({ error: INPUT_TEXTS.idInvalid })
  .int(INPUT_TEXTS.idInvalid)
  .min(1, INPUT_TEXTS.idInvalid)
  .max(PG_INT_MAX, INPUT_TEXTS.idInvalid);
