import { hash, randomBytes } from 'node:crypto';

/** A random 256-bit secret, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a secret: its SHA-256, so a leaked table grants nothing. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** A real token is 43 characters; anything far longer is not worth a database round trip. */
const LONGEST_TOKEN = 100;

/**
 * The token of an `Authorization: Bearer <token>` header (the scheme in any case), or undefined
 * when there is none or it cannot be a token.
 */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header || header.length <= 7 || header.slice(0, 7).toLowerCase() !== 'bearer ') {
    return undefined;
  }
  const token = header.slice(7).trim();
  return token && token.length <= LONGEST_TOKEN ? token : undefined;
}
