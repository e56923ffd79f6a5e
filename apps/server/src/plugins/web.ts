import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isClientRoute } from '@muse/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/errors';

/**
 * Serves the built single-page app. Hashed assets are cached for a year; a page of the app
 * (`isClientRoute`, the list the web router reads) answers index.html, so it loads on refresh;
 * any other path is sent to `/`, as the web router would.
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
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || !built || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw notFound();
    }
    if (isClientRoute(pathname)) return reply.sendFile('index.html');
    // A missing file (an asset of an older build, say) is a 404, not a page.
    if (/\.[\w]+$/.test(pathname)) throw notFound();
    return reply.redirect('/');
  });
}
