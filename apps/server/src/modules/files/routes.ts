import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';

const ZQuery = z.object({
  expires: z.coerce.number().int().catch(0),
  signature: z.string().catch(''),
});

/**
 * Users' files, served to whoever holds a signed, unexpired URL: the API hands those only to
 * the file's owner. A wrong, expired or missing signature answers 404, like a missing file.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/files/*', { schema: { querystring: ZQuery } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const { expires, signature } = request.query;
    if (!key.startsWith('users/') || !app.services.files.verify(key, expires, signature))
      throw notFound();
    const file = await app.services.storage.get(key).catch(() => null);
    if (!file) throw notFound();
    const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
    return reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('cache-control', `private, max-age=${maxAge}, immutable`)
      .header('x-content-type-options', 'nosniff')
      .send(file.stream);
  });
};
