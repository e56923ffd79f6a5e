/**
 * Whether a query failed on a unique index (PostgreSQL's 23505), directly or as the cause Drizzle
 * wraps: two requests racing for the same e-mail address or the same ledger reference.
 */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? error;
  return (cause as { code?: string }).code === '23505';
}
