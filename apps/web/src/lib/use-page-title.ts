import { useEffect } from 'react';

export const DEFAULT_DESCRIPTION =
  'Muse: create, customise and monetise AI influencers. Claim a persona from the marketplace or train your own, then generate photos and videos and sell content.';

export type TPageHead = { title: string; description: string };

/** The full title a page's name gives: 'Muse' alone, or 'Sign In · Muse'. */
export const fullTitle = (title: string) => (title === 'Muse' ? title : `${title} · Muse`);

/** The head a page asked for while `withRenderedHead` rendered it. */
let renderedHead: TPageHead | null = null;
let collecting = false;

/**
 * Renders a page to HTML (renderToString, at build time) and gives back the head it asked for,
 * so its prerendered HTML arrives with its own title and description.
 */
export function withRenderedHead(render: () => string): { markup: string; head: TPageHead } {
  collecting = true;
  renderedHead = null;
  try {
    const markup = render();
    return {
      markup,
      head: renderedHead ?? { title: fullTitle('Muse'), description: DEFAULT_DESCRIPTION },
    };
  } finally {
    collecting = false;
    renderedHead = null;
  }
}

/** Sets the document title (and, when given, the meta description) while a page is shown. */
export function usePageTitle(title: string, description?: string): void {
  if (collecting) {
    // Only while withRenderedHead renders a page to a string at build time: nothing renders
    // that tree again, so this write during render cannot be repeated or torn.
    // eslint-disable-next-line react-hooks/globals
    renderedHead = { title: fullTitle(title), description: description ?? DEFAULT_DESCRIPTION };
  }
  useEffect(() => {
    document.title = fullTitle(title);
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (meta) meta.content = description ?? DEFAULT_DESCRIPTION;
  }, [title, description]);
}
