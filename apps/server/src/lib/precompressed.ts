import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An answer that is the same for everyone until something changes (the marketplace list, its
 * page): its bytes, compressed once as brotli and gzip, and a strong tag, the hash of the bytes
 * (docs/decisions/0031-session-cache-and-hot-reads.md). Nothing about it is worked out per
 * request, as the build does for the app's files.
 */
export type TPrecompressed = { body: Buffer; br: Buffer; gzip: Buffer; etag: string };

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The answer's bytes and their compressed twins. */
export type TEncodings = Pick<TPrecompressed, 'body' | 'br' | 'gzip'>;

/**
 * Compresses `body` off the main thread, at the strongest settings by default (an answer shared
 * by everyone, compressed once per change); `fast` for an answer of one account, which is
 * compressed again whenever it changes.
 */
export async function compressOnce(body: Buffer, { fast = false } = {}): Promise<TEncodings> {
  const [br, gzipped] = await Promise.all([
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: fast ? 5 : constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: fast ? 6 : 9 }),
  ]);
  return { body, br, gzip: gzipped };
}

/** `body` compressed once at the strongest settings, with its tag. */
export async function precompress(body: Buffer): Promise<TPrecompressed> {
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  return { ...(await compressOnce(body)), etag };
}

/** `If-None-Match` names `etag` (or any, `*`); for a GET, tags compare weakly (`W/` ignored). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * Sends `answer` as `type`: 304 to a request that holds its tag, otherwise the variant the
 * request accepts. The compression plugin leaves an answer that has a content encoding alone.
 * Kept by browsers but asked again each time (`no-cache`): it can change at any moment.
 */
export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: TPrecompressed,
  type: string,
): FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', 'no-cache');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
    return reply.status(304).send(null);
  }
  return sendEncoded(request, reply, answer, type);
}

/** Sends the twin of `answer` that the request accepts, or its bytes as they are. */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: TEncodings,
  type: string,
): FastifyReply {
  // Added to what the route already varies by (an anonymous answer varies by authorization).
  const vary = reply.getHeader('vary');
  reply.type(type).header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  if (!encoding) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(answer[encoding]);
}
