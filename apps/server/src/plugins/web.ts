import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  PRERENDERED_ROUTES,
  PROTECTED_ROUTES,
  PUBLIC_ROUTES,
  INVITATION_ROUTE,
  TEST_CHECKOUT_ROUTE,
  isClientRoute,
  PUBLIC_PAGE_PREFIX,
  prerenderedFile,
  publicPagePath,
} from '@muse/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../lib/errors';
import { precompress, sendPrecompressed, type TPrecompressed } from '../lib/precompressed';
import { publicConfigOf } from '../modules/config/routes';
import {
  createRendererLoader,
  createServedPage,
  pageRendererFiles,
  type TServedRoute,
} from '../modules/pages/served-pages';
import {
  linkPreview,
  publicPageAddress,
  withLinkPreview,
} from '../modules/publishing/link-preview';
import { movedPageHandle } from '../modules/publishing/public';
import type { TSharedPage } from '../modules/publishing/page-cache';

/** Where the build keeps the public pages rendered to HTML (apps/web/scripts/prerender.mjs). */
const PRERENDERED_DIR = 'prerendered';

/** Where the build keeps the page renderer the server runs for the marketplace. */
const RENDERER_DIR = 'server';

/** A brotli or gzip twin of a file, written by the build beside it. */
const COMPRESSED_TWIN = /\.(br|gz)$/;

/**
 * Serves the built single-page app (docs/decisions/0034-prerendered-public-pages.md). Hashed
 * assets are cached for a year; every file is sent as the brotli or gzip twin the build wrote
 * beside it when the browser takes one, so nothing is compressed per request. The public pages
 * answer their prerendered HTML; any other page of the app (`isClientRoute`, the list the web
 * router reads) answers index.html, so it loads on refresh; any other path is sent to `/`, as the
 * web router would.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  const loadRenderer = createRendererLoader(webDistDir);
  registerCrawlerFiles(app);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: ['index.html'],
      wildcard: true,
      preCompressed: true,
      // A prerendered page is answered at its own path only (below), never as a file; the page
      // renderer is the server's.
      allowedPath: (pathname) =>
        !pathname.startsWith(`/${PRERENDERED_DIR}/`) && !pathname.startsWith(`/${RENDERER_DIR}/`),
      // Hashed assets never change; HTML must be revalidated so a deploy shows at once.
      setHeaders: (reply, filePath) => {
        const relative = path.relative(webDistDir, filePath).replace(COMPRESSED_TWIN, '');
        reply.header(
          'cache-control',
          relative.startsWith(`assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : relative.endsWith('.html')
              ? 'no-cache'
              : 'public, max-age=3600',
        );
      },
    });
    for (const route of PRERENDERED_ROUTES) {
      const file = path.join(PRERENDERED_DIR, prerenderedFile(route));
      if (!existsSync(path.join(webDistDir, file))) continue;
      if (route === '/') app.get(route, (_request, reply) => reply.sendFile(file));
      else registerServedPage(app, { route, webDistDir, prerendered: file, loadRenderer });
    }
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

  /**
   * A page of the app, as index.html; a public page's (`/i/<handle>`, its posts) with its link
   * preview, or its new address when the handle moved, or as a 404 when there is none (the app
   * says the page does not exist).
   */
  const sendAppPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const address = publicPageAddress(pathname);
    if (!address) return reply.sendFile('index.html');
    const preview = await linkPreview(app.database.db, app.config.PUBLIC_URL, address);
    if (!preview) {
      // A handle the page let go of less than 30 days ago leads to its new one (302: after
      // that it may be someone else's), with the rest of the address.
      const moved = await movedPageHandle(app.database.db, address.handle);
      if (moved) {
        const query = request.url.slice(pathname.length);
        return reply.redirect(`${publicPagePath(moved, address.postId)}${query}`, 302);
      }
    }
    const html = withLinkPreview(await readIndex(), preview);
    reply.status(preview ? 200 : 404).type('text/html; charset=utf-8');
    reply.header('cache-control', 'no-cache');
    return reply.send(html);
  };

  if (built) {
    registerPublicInfluencerPage(app, {
      webDistDir,
      loadRenderer,
      sendAppPage,
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || !built || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw notFound();
    }
    if (isClientRoute(pathname)) return sendAppPage(request, reply, pathname);
    // A missing file (an asset of an older build, say) is a 404, not a page.
    if (/\.[\w]+$/.test(pathname)) throw notFound();
    return reply.redirect('/');
  });
}

/**
 * An influencer's public page, `/i/<handle>`, for everyone: the page as a visitor without an
 * account sees it, rendered by the build's renderer from the shared answer once per change of
 * the page (modules/publishing/page-cache.ts), with its link preview, compressed once and sent
 * with its tag (docs/decisions/0058-public-page-for-fans.md). A signed-in fan's page asks for
 * their own and bought posts after it loads. Without the renderer or the page's template, or when
 * rendering fails, and for a page not published, it is the app's page, which asks the API.
 */
function registerPublicInfluencerPage(
  app: FastifyInstance,
  options: {
    webDistDir: string;
    loadRenderer: ReturnType<typeof createRendererLoader>;
    sendAppPage: (request: FastifyRequest, reply: FastifyReply, pathname: string) => unknown;
  },
) {
  const files = pageRendererFiles(options.webDistDir);
  if (!existsSync(files.renderer) || !existsSync(files.publicPageTemplate)) return;
  const publicConfig = JSON.stringify(publicConfigOf(app.config));
  let template: Promise<string> | null = null;
  const render = async (page: TSharedPage): Promise<TPrecompressed> => {
    template ??= readFile(files.publicPageTemplate, 'utf8').catch((error: unknown) => {
      template = null;
      throw error;
    });
    const [renderer, html] = await Promise.all([options.loadRenderer(), template]);
    if (!renderer.renderPublicPage) throw new Error('The page renderer has no renderPublicPage');
    const rendered = await renderer.renderPublicPage(html, { publicConfig, page: page.json });
    return precompress(Buffer.from(withLinkPreview(rendered, page.preview)));
  };

  app.get<{ Params: { handle: string } }>(
    `${PUBLIC_PAGE_PREFIX}/:handle`,
    async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const shared = await app.publicPages.get(request.params.handle);
      if (!shared) return options.sendAppPage(request, reply, pathname);
      // One address per page: `/i/Ava.Rose` is `/i/ava.rose`.
      if (request.params.handle !== shared.handle) {
        const query = request.url.slice(pathname.length);
        return reply.redirect(`${publicPagePath(shared.handle)}${query}`, 302);
      }
      let html;
      try {
        html = await shared.html(render);
      } catch (error) {
        request.log.error({ err: error }, 'A public influencer page could not be rendered');
        return options.sendAppPage(request, reply, pathname);
      }
      return sendPrecompressed(request, reply, html, 'text/html; charset=utf-8');
    },
  );
}

/**
 * A public page of the app is rendered with this server's settings, and the marketplace with its
 * models (modules/pages/served-pages.ts), rendered again whenever the list changes. Without the
 * build's renderer or the page's template, or when rendering fails, it is the page prerendered
 * without them, which asks the API.
 */
function registerServedPage(
  app: FastifyInstance,
  options: {
    route: TServedRoute;
    webDistDir: string;
    prerendered: string;
    loadRenderer: ReturnType<typeof createRendererLoader>;
  },
) {
  const { route, webDistDir, prerendered } = options;
  const files = pageRendererFiles(webDistDir);
  if (!existsSync(files.renderer) || !existsSync(files.template(route))) {
    app.get(route, (_request, reply) => reply.sendFile(prerendered));
    return;
  }
  const page = createServedPage({
    route,
    webDistDir,
    loadRenderer: options.loadRenderer,
    publicConfig: JSON.stringify(publicConfigOf(app.config)),
    list: route === '/marketplace' ? app.marketplaceList : undefined,
  });
  app.get(route, async (request, reply) => {
    let rendered;
    try {
      rendered = await page.get();
    } catch (error) {
      request.log.error({ err: error, route }, 'A public page could not be rendered');
      return reply.sendFile(prerendered);
    }
    return sendPrecompressed(request, reply, rendered, 'text/html; charset=utf-8');
  });
}

/**
 * robots.txt and sitemap.xml for search engines. The prerendered public pages are the sitemap;
 * influencers' public pages (/i/<handle>) may be crawled but are not listed, as they come and
 * go with their creators. A signed-in page, the API, a checkout and the pages that carry a
 * link's one-time token are kept out of crawls.
 */
function registerCrawlerFiles(app: FastifyInstance): void {
  const publicUrl = app.config.PUBLIC_URL;
  const prerendered: readonly string[] = PRERENDERED_ROUTES;
  const disallowed = [
    '/api/',
    // A rule is a prefix: /influencers keeps out an influencer's own page too.
    ...PROTECTED_ROUTES,
    `${TEST_CHECKOUT_ROUTE}/`,
    `${INVITATION_ROUTE}/`,
    ...PUBLIC_ROUTES.filter((route) => !prerendered.includes(route)),
  ];
  const robots = [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((route) => `Disallow: ${route}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PRERENDERED_ROUTES.map(
      (route) => `  <url><loc>${escapeXml(`${publicUrl}${route}`)}</loc></url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');

  for (const [url, type, body] of [
    ['/robots.txt', 'text/plain; charset=utf-8', robots],
    ['/sitemap.xml', 'application/xml; charset=utf-8', sitemap],
  ] as const) {
    app.get(url, (_request, reply) =>
      reply.type(type).header('cache-control', 'public, max-age=3600').send(body),
    );
  }
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
