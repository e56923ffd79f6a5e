/**
 * Link previews of public pages (docs/product/publishing.md): the HTML of `/i/<handle>` and of
 * its posts' addresses carries the page's title, description and Open Graph and Twitter tags,
 * so a link shared in a chat or a feed shows the persona. The image is the page's picture,
 * never a post's file (a locked original must not leak through a preview).
 */
import { influencerNicheLabel, PUBLIC_PAGE_PREFIX, publicPagePath } from '@muse/shared';
import type { TDatabase } from '../../db/client';
import { findPublishedPage, findPublishedPost, type TPublishedPage } from './public';
import { pictureKey, pictureUrl } from './shape';

export type TLinkPreview = {
  title: string;
  description: string;
  /** Absolute addresses. */
  url: string;
  image: string | null;
};

/**
 * The handle and post id of a public page's address (`/i/<handle>`, `/i/<handle>/posts/<id>`),
 * or null for any other path.
 */
export function publicPageAddress(pathname: string): { handle: string; postId?: string } | null {
  const path = pathname.replace(/\/+$/, '');
  if (!path.startsWith(`${PUBLIC_PAGE_PREFIX}/`)) return null;
  const [handle, posts, postId, ...rest] = path.slice(PUBLIC_PAGE_PREFIX.length + 1).split('/');
  if (!handle || rest.length) return null;
  if (posts === undefined) return { handle };
  return posts === 'posts' && postId ? { handle, postId } : null;
}

/** The preview of a published page (or of one of its published posts); null: not found. */
export async function linkPreview(
  db: TDatabase,
  publicUrl: string,
  address: { handle: string; postId?: string },
): Promise<TLinkPreview | null> {
  const found = await findPublishedPage(db, address.handle);
  if (!found) return null;
  if (address.postId && !(await findPublishedPost(db, found.influencer.id, address.postId))) {
    return null;
  }
  return previewOf(publicUrl, found, address.postId);
}

/** The preview of a page found published (or of one of its posts, found published too). */
export function previewOf(
  publicUrl: string,
  { page, influencer }: TPublishedPage,
  postId?: string,
): TLinkPreview {
  const picture = pictureUrl(page.handle, pictureKey(influencer));
  return {
    title: `${influencer.name} (@${page.handle}) · Muse`,
    description: page.bio || influencerNicheLabel(influencer.niche),
    url: `${publicUrl}${publicPagePath(page.handle, postId)}`,
    image: picture ? `${publicUrl}${picture}` : null,
  };
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);

/**
 * The app's index.html with the preview's title and tags in place of its own title and
 * description; without a preview (a page not found), as it is.
 */
export function withLinkPreview(indexHtml: string, preview: TLinkPreview | null): string {
  if (!preview) return indexHtml;
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(preview.title)}</title>`,
    meta('name', 'description', preview.description),
    meta('property', 'og:type', 'profile'),
    meta('property', 'og:site_name', 'Muse'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.url),
    ...(preview.image ? [meta('property', 'og:image', preview.image)] : []),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    ...(preview.image ? [meta('name', 'twitter:image', preview.image)] : []),
  ].join('\n    ');
  // Replacement functions: a `$` in a bio is text, not a replacement pattern. The tags take
  // the title's place, so they stay in the head.
  const html = indexHtml.replace(/<meta\s+name="description"[^>]*>\s*/i, () => '');
  const title = /<title>[\s\S]*?<\/title>/i;
  if (title.test(html)) return html.replace(title, () => tags);
  if (/<\/head>/i.test(html)) return html.replace(/<\/head>/i, () => `${tags}\n</head>`);
  return html.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${tags}`);
}
