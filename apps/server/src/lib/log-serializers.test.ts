import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { safeError, safeUrl } from './log-serializers';

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

describe('addresses in the logs', () => {
  it('keep the path and the values of harmless keys only', () => {
    expect(safeUrl('/api/gallery?limit=24&cursor=abc&kind=image')).toBe(
      '/api/gallery?limit=24&cursor=abc&kind=image',
    );
    expect(safeUrl('/reset-password?token=s3cret')).toBe('/reset-password?token=[redacted]');
    expect(safeUrl('/api/files/a/b.png?expires=1&signature=s3cret')).toBe(
      '/api/files/a/b.png?expires=1&signature=[redacted]',
    );
    expect(safeUrl('/x?s3cret')).toBe('/x?[redacted]');
    expect(safeUrl('/x?%E0%A4%A=1')).toBe('/x?[redacted]=[redacted]');
    expect(safeUrl('/plain')).toBe('/plain');
  });

  it("leave query values out of an error's message and stack", () => {
    const error = new Error('Redirect to http://localhost:3000/verify-email?token=s3cret failed');
    const logged = JSON.stringify(safeError(error));
    expect(logged).toContain('/verify-email?token=[redacted]');
    expect(logged).not.toContain('s3cret');
  });
});
