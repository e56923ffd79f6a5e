import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PUBLIC_PAGE_TEMPLATE, prerenderedFile, type TPrerenderedRoute } from '@muse/shared';
import { precompress, type TPrecompressed } from '../../lib/precompressed';
import type { TMarketplaceListCache } from '../marketplace/list-cache';

/** A public page of the app, which the server renders (the landing is static). */
export type TServedRoute = Exclude<TPrerenderedRoute, '/'>;

/**
 * What the web build's page renderer (apps/web/src/prerender.tsx, built as
 * `dist/server/prerender.js`) offers the server: a page's HTML from its template and the API's
 * answers it shows, as JSON.
 */
export type TPageRenderer = {
  renderServedPage(
    route: TServedRoute,
    template: string,
    data: { publicConfig: string; marketplaceModels?: string },
  ): Promise<string>;
  /**
   * An influencer's public page as a visitor without an account sees it, from its template and
   * the anonymous answer of GET /api/public/pages/:handle, as JSON
   * (docs/decisions/0058-public-page-for-fans.md).
   */
  renderPublicPage?(
    template: string,
    data: { publicConfig: string; page: string },
  ): Promise<string>;
};

/** Where the web build keeps the renderer and the pages' templates. */
export function pageRendererFiles(webDistDir: string) {
  const dir = path.join(webDistDir, 'server');
  return {
    renderer: path.join(dir, 'prerender.js'),
    template: (route: TServedRoute) => path.join(dir, prerenderedFile(route)),
    publicPageTemplate: path.join(dir, PUBLIC_PAGE_TEMPLATE),
  };
}

/** The build's renderer, loaded at the first page that needs it, and again after a failure. */
export function createRendererLoader(webDistDir: string): () => Promise<TPageRenderer> {
  let loaded: Promise<TPageRenderer> | null = null;
  return () =>
    (loaded ??= (
      import(pathToFileURL(pageRendererFiles(webDistDir).renderer).href) as Promise<TPageRenderer>
    ).catch((error: unknown) => {
      loaded = null;
      throw error;
    }));
}

/**
 * A public page rendered with what it shows in its HTML
 * (docs/decisions/0034-prerendered-public-pages.md): the server's public settings, so the sign-in
 * pages arrive with or without 'Continue with Google' as this server has it and the support
 * address is in the page; and for the marketplace its models, so their portraits start loading
 * with the page, not after the app's scripts and an API call. It is rendered once (the settings
 * change only with a restart), the marketplace once per version of the list (list-cache.ts,
 * which every instance clears on a claim); compressed once and kept with its tag until then.
 */
export function createServedPage(options: {
  route: TServedRoute;
  webDistDir: string;
  loadRenderer: () => Promise<TPageRenderer>;
  /** GET /api/config's answer, as JSON. */
  publicConfig: string;
  /** The marketplace's list, for the marketplace. */
  list?: TMarketplaceListCache;
}) {
  const { route, list } = options;
  /** The page of the list version `listEtag` ('' without a list), rendered or being rendered. */
  let current: { listEtag: string; page: Promise<TPrecompressed> } | null = null;
  let template: Promise<string> | null = null;

  const render = async (marketplaceModels?: string): Promise<TPrecompressed> => {
    template ??= readFile(pageRendererFiles(options.webDistDir).template(route), 'utf8');
    const [renderer, html] = await Promise.all([
      options.loadRenderer(),
      template.catch((error: unknown) => {
        template = null;
        throw error;
      }),
    ]);
    const page = await renderer.renderServedPage(route, html, {
      publicConfig: options.publicConfig,
      marketplaceModels,
    });
    return precompress(Buffer.from(page));
  };

  return {
    async get(): Promise<TPrecompressed> {
      const answer = list ? await list.get() : null;
      const listEtag = answer?.etag ?? '';
      if (current?.listEtag === listEtag) return current.page;
      const entry = { listEtag, page: render(answer?.body.toString('utf8')) };
      current = entry;
      // A failed render is not kept: the next request tries again.
      entry.page.catch(() => {
        if (current === entry) current = null;
      });
      return entry.page;
    },
  };
}
