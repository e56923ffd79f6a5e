import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import type { TByteRange } from '../../lib/storage';
import { ensureMarketplaceFile } from '../marketplace/service';

const ZQuery = z.object({
  expires: z.coerce.number().int().catch(0),
  signature: z.string().catch(''),
});

/**
 * One byte range of the Range header (`bytes=0-`, `bytes=100-199`; a suffix `bytes=-500` is
 * read as the last 500 bytes once the size is known). Several ranges, or anything unreadable,
 * is ignored and the whole file is sent, as HTTP allows.
 */
export function parseRange(header: string | undefined): TByteRange | { suffix: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (!match[1] && !match[2])) return null;
  if (!match[1]) return { suffix: Number(match[2]) };
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : undefined;
  if (end !== undefined && end < start) return null;
  return end === undefined ? { start } : { start, end };
}

/**
 * Users' files (`users/…`), posts' files (`posts/…`) and the marketplace's portraits that a
 * claimed persona's reference photos are (`marketplace/…`, docs/product/personas.md), served to
 * whoever holds a signed, unexpired URL: the API hands those only to whoever may see the file
 * (the owner; for a post, also its buyers, and everyone for a free post or a blurred preview).
 * A wrong, expired or missing signature answers 404, like a missing file.
 * Byte ranges are honoured, so a video player can seek without loading the whole clip.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/files/*', { schema: { querystring: ZQuery } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const { expires, signature } = request.query;
    const marketplace = key.startsWith('marketplace/');
    const servable = key.startsWith('users/') || key.startsWith('posts/') || marketplace;
    if (!servable || !app.services.files.verify(key, expires, signature)) throw notFound();
    const { storage } = app.services;
    // A marketplace drawing not stored yet is drawn on the first miss, not looked for every time.
    const get = async (byteRange?: TByteRange) => {
      const found = await storage.get(key, byteRange);
      if (found || !marketplace) return found;
      await ensureMarketplaceFile(storage, key);
      return storage.get(key, byteRange);
    };
    let range = parseRange(request.headers.range);
    if (range && 'suffix' in range) {
      const whole = await get().catch(() => null);
      if (!whole) throw notFound();
      whole.stream.destroy();
      range = { start: Math.max(0, whole.totalSize - range.suffix) };
    }
    const file = await get(range ?? undefined).catch((error: unknown) => {
      // Object storage refuses a range that starts past the end, as HTTP does.
      if ((error as { name?: string }).name === 'InvalidRange') return 'unsatisfiable' as const;
      return null;
    });
    if (!file) throw notFound();
    const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
    reply
      .header('accept-ranges', 'bytes')
      .header('cache-control', `private, max-age=${maxAge}, immutable`)
      .header('x-content-type-options', 'nosniff');
    if (file === 'unsatisfiable' || (range && range.start >= file.totalSize)) {
      if (file !== 'unsatisfiable') file.stream.destroy();
      const total = file === 'unsatisfiable' ? '*' : file.totalSize;
      return reply.status(416).header('content-range', `bytes */${total}`).send();
    }
    reply.header('content-type', file.contentType).header('content-length', file.size);
    if (range) {
      const end = range.start + file.size - 1;
      reply.status(206).header('content-range', `bytes ${range.start}-${end}/${file.totalSize}`);
    }
    return reply.send(file.stream);
  });
};
