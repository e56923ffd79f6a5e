import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PageHydrated, hydratingPage } from './components/layout/use-hydrated';
import { FanPageInBrowser } from './features/public-page/fan-page-root';
import {
  PUBLIC_PAGE_DATA_ID,
  fetchPublicPage,
  normaliseHandle,
  pageAnswerOf,
} from './features/public-page/page-answer';
import { pageData } from './lib/page-data';

/**
 * The scripts of an influencer's public page, `/i/<handle>`, which public-page-boot.ts (the entry
 * of public-page.html) loads once the page the server rendered has painted: they hydrate it from
 * the answer it carries, with the page alone, so a first visit loads neither the app's router nor
 * its data layer nor zod (docs/decisions/0058-public-page-for-fans.md).
 */
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const carried = pageAnswerOf(pageData(document, PUBLIC_PAGE_DATA_ID));
if (carried && container.hasChildNodes()) {
  // As a transition, hydration yields to the browser every few milliseconds.
  const hydration = hydratingPage();
  startTransition(() => {
    hydrateRoot(
      container,
      <>
        <FanPageInBrowser initial={carried} />
        <PageHydrated done={hydration.done} />
      </>,
    );
  });
} else {
  // Without the answer (it could not be read), the page asks for it and renders afresh.
  let handle = window.location.pathname.split('/')[2] ?? '';
  try {
    handle = normaliseHandle(decodeURIComponent(handle));
  } catch {
    // Not an address the server answers with this page: asked as it is, it is not found.
  }
  void fetchPublicPage(handle).then((answer) => {
    if (answer) createRoot(container).render(<FanPageInBrowser initial={answer} />);
  });
}
