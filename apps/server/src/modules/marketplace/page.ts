import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { TEncodedList, TMarketplaceListCache } from './list-cache';

/**
 * What the web build's page renderer (apps/web/src/prerender.tsx, built as
 * `dist/server/prerender.js`) offers the server: the marketplace page's HTML from its template
 * and the list's answer.
 */
export type TMarketplaceRenderer = {
  renderMarketplacePage(template: string, answer: string): Promise<string>;
};

/**
 * The page's bytes, compressed once as brotli and gzip as the build compresses the other pages
 * (nothing is compressed per request), and their strong tag.
 */
export type TRenderedPage = { body: Buffer; br: Buffer; gzip: Buffer; etag: string };

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function encodePage(html: string): Promise<TRenderedPage> {
  const body = Buffer.from(html);
  const [br, gzipped] = await Promise.all([
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  return { body, br, gzip: gzipped, etag };
}

/** Where the web build keeps the renderer and the marketplace's template. */
export function marketplaceRendererFiles(webDistDir: string) {
  const dir = path.join(webDistDir, 'server');
  return { renderer: path.join(dir, 'prerender.js'), template: path.join(dir, 'marketplace.html') };
}

/** Loads the web build's renderer and the marketplace's template. */
export async function loadMarketplaceRenderer(
  webDistDir: string,
): Promise<{ renderer: TMarketplaceRenderer; template: string }> {
  const files = marketplaceRendererFiles(webDistDir);
  const [renderer, template] = await Promise.all([
    import(pathToFileURL(files.renderer).href) as Promise<TMarketplaceRenderer>,
    readFile(files.template, 'utf8'),
  ]);
  return { renderer, template };
}

/**
 * The marketplace page with its models in the HTML (docs/decisions/0034-prerendered-public-pages.md):
 * its portraits start loading with the page, not after the app's scripts and an API call. It is
 * rendered once per version of the list (list-cache.ts, which every instance clears on a claim)
 * and kept with its tag until the list changes; a request that finds a newer list renders again.
 */
export function createMarketplacePage(
  list: TMarketplaceListCache,
  load: () => Promise<{ renderer: TMarketplaceRenderer; template: string }>,
) {
  let loaded: ReturnType<typeof load> | null = null;
  /** The page of the list version `etag` (the list's tag), rendered or being rendered. */
  let current: { listEtag: string; page: Promise<TRenderedPage> } | null = null;

  const render = async (answer: TEncodedList): Promise<TRenderedPage> => {
    loaded ??= load();
    const { renderer, template } = await loaded.catch((error: unknown) => {
      loaded = null;
      throw error;
    });
    return encodePage(await renderer.renderMarketplacePage(template, answer.body.toString('utf8')));
  };

  return {
    async get(): Promise<TRenderedPage> {
      const answer = await list.get();
      if (current?.listEtag === answer.etag) return current.page;
      const entry = { listEtag: answer.etag, page: render(answer) };
      current = entry;
      // A failed render is not kept: the next request tries again.
      entry.page.catch(() => {
        if (current === entry) current = null;
      });
      return entry.page;
    },
  };
}

export type TMarketplacePage = ReturnType<typeof createMarketplacePage>;
