import { GENERIC_ERRORS } from '@muse/shared';
import { DrizzleQueryError } from 'drizzle-orm';
import Stripe from 'stripe';

/**
 * What an outage took away: the database, file storage, the payment provider, or some other
 * service Muse connects to (an SMTP server, an identity provider) that refused or dropped the
 * connection. See docs/decisions/0026-outages.md.
 */
export type TOutageKind = 'database' | 'storage' | 'payments' | 'network';

export type TOutage = {
  kind: TOutageKind;
  /** The answer's `error` text. */
  message: string;
  /** The answer's `Retry-After` header, in seconds. */
  retryAfterSeconds: number;
};

export const OUTAGES: Record<TOutageKind, Omit<TOutage, 'kind'>> = {
  // A restarted or failed-over database is back within seconds.
  database: { message: GENERIC_ERRORS.unavailable, retryAfterSeconds: 5 },
  network: { message: GENERIC_ERRORS.unavailable, retryAfterSeconds: 5 },
  payments: { message: GENERIC_ERRORS.paymentsUnreachable, retryAfterSeconds: 10 },
  // A full or read-only disk needs someone to act; asking again every few seconds helps nobody.
  storage: { message: GENERIC_ERRORS.storageUnavailable, retryAfterSeconds: 30 },
};

/** The connection could not be made, or broke: nothing is wrong with the request itself. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** A write or read on the local disk failed for the disk's sake: full, quota, read-only, broken. */
const DISK_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);

/**
 * A folder the server may not write (its permissions changed, a read-only mount as a non-root
 * user sees it): an outage too, when a file system call says so.
 */
const DENIED_CODES = new Set(['EACCES', 'EPERM']);
const FILE_SYSCALLS = new Set(['mkdir', 'open', 'write', 'rename', 'unlink', 'rmdir', 'copyfile']);

/**
 * PostgreSQL's own codes for "not now": connection exceptions (class 08), insufficient resources
 * (class 53: disk full, out of memory, too many connections), and a server shutting down or
 * starting up (57P01–57P03).
 */
function isDatabaseUnavailableCode(code: string): boolean {
  return /^(08|53)[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03'].includes(code);
}

/**
 * What the `pg` driver says, without a code, when a connection ends under a query, or a pool
 * cannot get one in time ("timeout exceeded when trying to connect"), or a transaction's client
 * broke before its rollback.
 */
const PG_CONNECTION_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/;

type TErrorLike = {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  syscall?: unknown;
  cause?: unknown;
  errors?: unknown;
  $metadata?: { httpStatusCode?: number };
  $fault?: unknown;
};

/** The error, the causes it wraps (Drizzle's DrizzleQueryError) and an AggregateError's parts. */
function chainOf(error: unknown): TErrorLike[] {
  const chain: TErrorLike[] = [];
  const pending: unknown[] = [error];
  while (pending.length && chain.length < 10) {
    const next = pending.shift();
    if (!next || typeof next !== 'object' || chain.includes(next as TErrorLike)) continue;
    const item = next as TErrorLike;
    chain.push(item);
    if (item.cause) pending.push(item.cause);
    if (Array.isArray(item.errors)) pending.push(...(item.errors as unknown[]));
  }
  return chain;
}

const codeOf = (item: TErrorLike) => (typeof item.code === 'string' ? item.code : '');

const isDiskFailure = (item: TErrorLike) =>
  DISK_CODES.has(codeOf(item)) ||
  (DENIED_CODES.has(codeOf(item)) &&
    typeof item.syscall === 'string' &&
    FILE_SYSCALLS.has(item.syscall));

/**
 * A connection Muse made failed: the system call that failed is named (`connect`, `read`,
 * `getaddrinfo`). A browser that goes away mid-request also ends in ECONNRESET ('aborted'),
 * but names none: that is not an outage.
 */
const isConnectionFailure = (item: TErrorLike) =>
  NETWORK_CODES.has(codeOf(item)) && typeof item.syscall === 'string';

/** The Stripe client could not reach Stripe, or Stripe answered with a server error. */
function isPaymentsOutage(item: TErrorLike): boolean {
  if (item instanceof Stripe.errors.StripeConnectionError) return true;
  return item instanceof Stripe.errors.StripeError && (item.statusCode ?? 0) >= 500;
}

/**
 * The AWS SDK (object storage) marks every error with `$metadata`: an outage is a connection
 * that failed or timed out, or a server-side fault (5xx, SlowDown).
 */
function isObjectStorageOutage(item: TErrorLike): boolean {
  if (!item.$metadata) return false;
  return (
    item.$fault === 'server' ||
    (item.$metadata.httpStatusCode ?? 0) >= 500 ||
    item.name === 'TimeoutError' ||
    NETWORK_CODES.has(codeOf(item))
  );
}

function isDatabaseOutage(item: TErrorLike): boolean {
  // pg's DatabaseError carries PostgreSQL's five-character code.
  if (isDatabaseUnavailableCode(codeOf(item))) return true;
  return typeof item.message === 'string' && PG_CONNECTION_MESSAGE.test(item.message);
}

/**
 * Whether a failure is an outage of something Muse depends on (docs/decisions/0026-outages.md),
 * answered 503 with a retryable text, rather than a fault of the request or a bug (500).
 * Drizzle wraps the driver's error as the `cause` of its own, so the whole chain is looked at.
 */
export function classifyOutage(error: unknown): TOutage | null {
  const chain = chainOf(error);
  const outage = (kind: TOutageKind): TOutage => ({ kind, ...OUTAGES[kind] });
  if (chain.some(isPaymentsOutage)) return outage('payments');
  if (chain.some(isObjectStorageOutage)) return outage('storage');
  if (chain.some(isDiskFailure)) return outage('storage');
  if (chain.some(isDatabaseOutage)) return outage('database');
  if (chain.some(isConnectionFailure)) {
    // A refused connection under a query (Drizzle's wrapper names the query) is the database's.
    const inQuery = chain.some((item) => item instanceof DrizzleQueryError);
    return outage(inQuery ? 'database' : 'network');
  }
  return null;
}
