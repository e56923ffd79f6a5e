import { GENERIC_ERRORS } from '@muse/shared';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { classifyOutage } from './outages';

/** An error as Node's net module or fs make it: the failed system call is named. */
const systemError = (code: string, message = code) =>
  Object.assign(new Error(message), { code, syscall: 'connect' });

/** An error as `pg` makes it from PostgreSQL's answer. */
function databaseError(code: string, message: string) {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

const inQuery = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('classifyOutage', () => {
  it('the database: shutting down, starting up, full, cut off, unreachable under a query', () => {
    const failures = [
      inQuery(databaseError('57P01', 'terminating connection due to administrator command')),
      databaseError('57P03', 'the database system is starting up'),
      databaseError('53300', 'sorry, too many clients already'),
      databaseError('08006', 'connection failure'),
      inQuery(new Error('Connection terminated unexpectedly')),
      new Error('timeout exceeded when trying to connect'),
      // A transaction whose connection broke fails its rollback with this.
      inQuery(new Error('Client has encountered a connection error and is not queryable')),
      inQuery(systemError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')),
    ];
    for (const failure of failures) {
      expect(classifyOutage(failure)).toEqual({
        kind: 'database',
        message: GENERIC_ERRORS.unavailable,
        retryAfterSeconds: 5,
      });
    }
  });

  it('a refused or broken connection elsewhere (a transaction, fetch) is one too', () => {
    const fetchFailed = new TypeError('fetch failed', { cause: systemError('ECONNRESET') });
    for (const failure of [systemError('ECONNREFUSED'), fetchFailed]) {
      expect(classifyOutage(failure)).toMatchObject({
        kind: 'network',
        message: GENERIC_ERRORS.unavailable,
      });
    }
  });

  it('storage: a full, read-only or broken disk, object storage out of reach or failing', () => {
    const failures = [
      systemError('ENOSPC'),
      systemError('EROFS'),
      systemError('EDQUOT'),
      systemError('EIO'),
      Object.assign(systemError('EACCES'), { syscall: 'mkdir' }),
      Object.assign(systemError('ECONNREFUSED'), { $metadata: { attempts: 3 } }),
      Object.assign(new Error('SlowDown'), {
        $fault: 'server',
        $metadata: { httpStatusCode: 503 },
      }),
    ];
    for (const failure of failures) {
      expect(classifyOutage(failure)).toEqual({
        kind: 'storage',
        message: GENERIC_ERRORS.storageUnavailable,
        retryAfterSeconds: 30,
      });
    }
  });

  it('payments: Stripe out of reach or failing on its side', () => {
    const failures = [
      new Stripe.errors.StripeConnectionError({ message: 'An error occurred with our connection' }),
      new Stripe.errors.StripeAPIError({ message: 'Internal error', statusCode: 500 }),
    ];
    for (const failure of failures) {
      expect(classifyOutage(failure)).toEqual({
        kind: 'payments',
        message: GENERIC_ERRORS.paymentsUnreachable,
        retryAfterSeconds: 10,
      });
    }
  });

  it('bugs and refusals are not outages', () => {
    const failures = [
      new Error('boom'),
      new AppError(409, 'This was already paid for', 'ALREADY_SPENT'),
      inQuery(databaseError('23505', 'duplicate key value violates unique constraint')),
      inQuery(databaseError('42P01', 'relation "nope" does not exist')),
      systemError('ENOENT'),
      // The browser went away in the middle of its upload.
      Object.assign(new Error('aborted'), { code: 'ECONNRESET' }),
      Object.assign(new Error('AccessDenied'), {
        $fault: 'client',
        $metadata: { httpStatusCode: 403 },
      }),
      new Stripe.errors.StripeInvalidRequestError({ message: 'No such price', statusCode: 400 }),
      'a string',
      null,
    ];
    for (const failure of failures) expect(classifyOutage(failure)).toBeNull();
  });
});
