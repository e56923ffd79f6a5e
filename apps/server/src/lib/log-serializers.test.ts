import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { safeError } from './log-serializers';

describe('errors in the logs', () => {
  it("keep a failed query's SQL and the database's error, never its values", () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['ava@example.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'],
      cause,
    );
    const logged = JSON.stringify(safeError(error));
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('22021');
    expect(logged).not.toContain('$argon2id');
    expect(logged).not.toContain('ava@example.com');
  });

  it('write other errors as pino does', () => {
    expect(safeError(new Error('boom'))).toMatchObject({ type: 'Error', message: 'boom' });
  });
});
