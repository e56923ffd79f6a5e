import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/errors';

/**
 * Serves the built single-page app. Hashed assets are cached for a year; every other
 * path that is not an API call answers index.html, so any client route loads on refresh.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: ['index.html'],
      wildcard: true,
      // Hashed assets never change; index.html must be revalidated so a deploy shows at once.
      setHeaders: (reply, filePath) => {
        const relative = path.relative(webDistDir, filePath);
        reply.header(
          'cache-control',
          relative.startsWith(`assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : relative === 'index.html'
              ? 'no-cache'
              : 'public, max-age=3600',
        );
      },
    });
  } else {
    app.log.warn(`The web app is not built (${indexFile} is missing); only the API is served.`);
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi || !built || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw notFound();
    }
    return reply.sendFile('index.html');
  });
}
