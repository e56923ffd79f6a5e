import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isClientRoute } from '@muse/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/errors';
import {
  linkPreview,
  publicPageAddress,
  withLinkPreview,
} from '../modules/publishing/link-preview';

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

  // A public page's HTML carries its link preview (docs/product/publishing.md): index.html is
  // read once, at the first such request, and the tags are written into it for each.
  let indexHtml: Promise<string> | undefined;
  const readIndex = () =>
    (indexHtml ??= readFile(indexFile, 'utf8').catch((error: unknown) => {
      indexHtml = undefined;
      throw error;
    }));

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || !built || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw notFound();
    }
    if (isClientRoute(pathname)) {
      const address = publicPageAddress(pathname);
      if (!address) return reply.sendFile('index.html');
      const preview = await linkPreview(app.database.db, app.config.PUBLIC_URL, address);
      // An unknown or hidden page is still the app (it says the page does not exist), as a 404.
      const html = withLinkPreview(await readIndex(), preview);
      reply.status(preview ? 200 : 404).type('text/html; charset=utf-8');
      reply.header('cache-control', 'no-cache');
      return html;
    }
    // A missing file (an asset of an older build, say) is a 404, not a page.
    if (/\.[\w]+$/.test(pathname)) throw notFound();
    return reply.redirect('/');
  });
}
