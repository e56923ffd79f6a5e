import { useEffect } from 'react';

const DEFAULT_DESCRIPTION =
  'Muse: create, customise and monetise AI influencers. Claim a persona from the marketplace or train your own, then generate photos and videos and sell content.';

/** Sets the document title (and, when given, the meta description) while a page is shown. */
export function usePageTitle(title: string, description?: string): void {
  useEffect(() => {
    document.title = title === 'Muse' ? title : `${title} · Muse`;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (meta) meta.content = description ?? DEFAULT_DESCRIPTION;
  }, [title, description]);
}
