import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { precompress, type TPrecompressed } from '../../lib/precompressed';
import type { TEncodedList, TMarketplaceListCache } from './list-cache';

/**
 * What the web build's page renderer (apps/web/src/prerender.tsx, built as
 * `dist/server/prerender.js`) offers the server: the marketplace page's HTML from its template
 * and the list's answer.
 */
export type TMarketplaceRenderer = {
  renderMarketplacePage(template: string, answer: string): Promise<string>;
};

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
 * rendered once per version of the list (list-cache.ts, which every instance clears on a claim),
 * compressed once, and kept with its tag until the list changes; a request that finds a newer
 * list renders again.
 */
export function createMarketplacePage(
  list: TMarketplaceListCache,
  load: () => Promise<{ renderer: TMarketplaceRenderer; template: string }>,
) {
  let loaded: ReturnType<typeof load> | null = null;
  /** The page of the list version `etag` (the list's tag), rendered or being rendered. */
  let current: { listEtag: string; page: Promise<TPrecompressed> } | null = null;

  const render = async (answer: TEncodedList): Promise<TPrecompressed> => {
    loaded ??= load();
    const { renderer, template } = await loaded.catch((error: unknown) => {
      loaded = null;
      throw error;
    });
    const html = await renderer.renderMarketplacePage(template, answer.body.toString('utf8'));
    return precompress(Buffer.from(html));
  };

  return {
    async get(): Promise<TPrecompressed> {
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
