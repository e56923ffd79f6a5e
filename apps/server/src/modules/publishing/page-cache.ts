import { ZPublicPageResponse } from '@muse/shared';
import { LRUCache } from 'lru-cache';
import type { TDatabase } from '../../db/client';
import type { TCacheEvents } from '../../lib/cache-events';
import type { TFileUrlSigner } from '../../lib/file-urls';
import { precompress, type TPrecompressed } from '../../lib/precompressed';
import { previewOf, type TLinkPreview } from './link-preview';
import { findPublishedPage, publishedPageAnswer, type TShownPost } from './public';
import { normaliseHandle } from './shape';

/** How many pages an instance keeps; the least visited go first. */
const PAGES_KEPT = 500;

/**
 * A public page as a signed-out visitor sees it (docs/decisions/0058-public-page-for-fans.md):
 * the answer of `GET /api/public/pages/:handle`, encoded and compressed once, and the page's
 * HTML, rendered at its first request and then kept with it.
 */
export type TSharedPage = {
  influencerId: string;
  /** The workspace the page belongs to. */
  workspaceId: string;
  /** The page's handle as stored. */
  handle: string;
  /** The posts it shows, newest first: whose they are to a signed-in viewer is asked of these. */
  shown: TShownPost[];
  /** The anonymous answer, encoded once, with its tag. */
  answer: TPrecompressed;
  /** The same answer as JSON, which the page's HTML is rendered from and carries. */
  json: string;
  preview: TLinkPreview;
  /** The page's HTML, rendered by `render` at the first request for it and kept. */
  html(render: (page: TSharedPage) => Promise<TPrecompressed>): Promise<TPrecompressed>;
};

export type TPublicPageCache = ReturnType<typeof createPublicPageCache>;

/**
 * Every instance's published pages as a visitor without an account sees them, read, encoded and
 * rendered once per change rather than per visitor. Triggers announce every change behind one
 * (its posts and their files, its settings, its influencer) as it commits, in whichever process
 * made it (migration 0030), and every instance forgets that page; when the announcements'
 * connection drops, every page is forgotten. A read that began before a change is answered but
 * not kept. The posts' files are signed URLs, which are the same for a clock hour
 * (lib/file-urls.ts): a page is kept no longer than that hour, so its URLs are always good for
 * the two hours a visitor may keep them. Locked posts carry only their blurred previews here, as
 * for any visitor: a fan's own and bought posts are a second, small answer of their own.
 */
export function createPublicPageCache(options: {
  db: TDatabase;
  files: TFileUrlSigner;
  cacheEvents: TCacheEvents;
  publicUrl: string;
  max?: number;
}) {
  const { db, files, publicUrl } = options;
  /** Pages by handle, each with the expiry of its URLs. */
  const pages = new LRUCache<string, { expiry: number; page: TSharedPage }>({
    max: options.max ?? PAGES_KEPT,
    dispose: ({ page }, handle) => {
      for (const id of [page.influencerId, page.workspaceId]) {
        const handles = handlesOf.get(id);
        handles?.delete(handle);
        if (handles?.size === 0) handlesOf.delete(id);
      }
    },
  });
  /**
   * The handles kept of each influencer's page (a page renamed is kept under both) and of each
   * workspace's pages, by the influencer's or the workspace's id.
   */
  const handlesOf = new Map<string, Set<string>>();
  /** Reads under way, by handle, so that a page many ask for at once is read once. */
  const reading = new Map<string, Promise<TSharedPage | null>>();
  /** Counts forgetting: a read that saw something forgotten is not kept. */
  let generation = 0;

  const forgetAll = () => {
    generation += 1;
    reading.clear();
    pages.clear();
  };
  /** Forgets the page of an influencer, or the pages of a workspace, by its id. */
  const forget = (id: string) => {
    generation += 1;
    reading.clear();
    for (const handle of [...(handlesOf.get(id) ?? [])]) pages.delete(handle);
  };
  const unsubscribe = options.cacheEvents.subscribe({ publicPage: forget, reconnect: forgetAll });

  const read = async (handle: string, now: Date): Promise<TSharedPage | null> => {
    const found = await findPublishedPage(db, handle);
    if (!found) return null;
    // Signed as of the hour the page is kept for.
    const signer = { ...files, sign: (key: string) => files.sign(key, now) };
    const body = ZPublicPageResponse.parse({
      success: true,
      ...(await publishedPageAnswer(db, signer, found, null)),
    });
    const json = JSON.stringify(body);
    let html: Promise<TPrecompressed> | null = null;
    const page: TSharedPage = {
      influencerId: found.influencer.id,
      workspaceId: found.page.workspaceId,
      handle: found.page.handle,
      shown: body.posts.map((post) => ({ id: post.id, priceCents: post.priceCents })),
      answer: await precompress(Buffer.from(json)),
      json,
      preview: previewOf(publicUrl, found),
      html(render) {
        if (!html) {
          const rendering = render(page);
          html = rendering;
          // A failed render is not kept: the next request tries again.
          rendering.catch(() => {
            if (html === rendering) html = null;
          });
        }
        return html;
      },
    };
    return page;
  };

  return {
    /**
     * The published page under `rawHandle` (any case) as a visitor sees it, or null when there is
     * none: unknown, unpublished, hidden. Nothing is kept for a handle without a page, so the
     * page answers from the moment it is published.
     */
    async get(rawHandle: string, now = new Date()): Promise<TSharedPage | null> {
      const handle = normaliseHandle(rawHandle);
      if (!handle) return null;
      const expiry = files.expiry(now);
      const kept = pages.get(handle);
      // A page of the hour before is read again: its URLs would expire sooner.
      if (kept?.expiry === expiry) return kept.page;
      const key = `${handle}\n${expiry}`;
      const pending = reading.get(key);
      if (pending) return pending;
      const started = generation;
      const reads = read(handle, now);
      reading.set(key, reads);
      try {
        const page = await reads;
        if (page && generation === started) {
          pages.set(handle, { expiry, page });
          for (const id of [page.influencerId, page.workspaceId]) {
            let handles = handlesOf.get(id);
            if (!handles) handlesOf.set(id, (handles = new Set()));
            handles.add(handle);
          }
        }
        return page;
      } finally {
        if (reading.get(key) === reads) reading.delete(key);
      }
    },
    /**
     * Forgets the workspace's pages in this instance, after a request of its own that may have
     * changed them: the change shows in the next visit here, and others learn of it from the
     * database a moment later.
     */
    forgetWorkspace: forget,
    close() {
      unsubscribe();
      reading.clear();
      pages.clear();
    },
  };
}
