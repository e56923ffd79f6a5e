import { useEffect, useRef } from 'react';
import { usePublicNav } from './public-nav';

/**
 * The client router does not scroll by itself. After each navigation: a link to a section
 * (`/#pricing`, from this page or another) scrolls that section into view, smoothly unless the
 * visitor prefers reduced motion, and moves
 * focus there so keyboard users continue from it; a link to a page starts it at the top, also
 * when it is the page already shown ('Home' on the landing). The first load keeps the browser's
 * own scroll position.
 */
/**
 * How a move within a page scrolls: smoothly, unless the visitor prefers reduced motion. Only
 * moves the scripts make glide: the page sets no `scroll-behavior`, so the browser's own jump to
 * a section (a deep link, a click before the scripts have run) lands at once, where a page still
 * settling cannot move it off its mark.
 */
const glide = (): ScrollBehavior =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth';

/**
 * The parts of a long page below the fold are laid out only once the visitor nears them
 * (`below-fold` in styles.css), holding their place with an estimated height until then. A jump
 * to a section lays out everything before it first, so the scroll aims at where the section
 * really is, not where the estimates put it.
 */
function layOutUpTo(target: HTMLElement): void {
  for (const part of document.querySelectorAll<HTMLElement>('.below-fold')) {
    const before = part.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (part === target || part.contains(target) || before) {
      part.style.contentVisibility = 'visible';
    }
  }
}

export function useScrollToHash(): void {
  const location = usePublicNav();
  const { navigationType } = location;
  const previous = useRef<{ pathname: string; search: string } | null>(null);

  useEffect(() => {
    const firstLoad = previous.current === null;
    const pathChanged = !firstLoad && previous.current?.pathname !== location.pathname;
    // A page that keeps its state in the query (a filter, say) is not scrolled by it.
    const searchChanged = !firstLoad && previous.current?.search !== location.search;
    previous.current = { pathname: location.pathname, search: location.search };

    const id = decodeURIComponent(location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target) {
      // A page just navigated to starts at the top, so the scroll reads as a move, not a jump.
      if (pathChanged) window.scrollTo({ top: 0, behavior: 'instant' });
      if (!target.hasAttribute('tabindex') && target.tabIndex < 0) {
        target.setAttribute('tabindex', '-1');
      }
      target.focus({ preventScroll: true });
      if (!firstLoad) {
        // (Not on the first load: the sections may still be hydrating, and must stay as the
        // server rendered them until they have.)
        layOutUpTo(target);
        target.scrollIntoView({ behavior: glide() });
        // The page can still move while the smooth scroll runs (a section hydrating, a late
        // image), and the scroll ends where the section was: each time a scroll ends, the
        // section is put where it belongs, until it stays there or the visitor scrolls.
        let corrections = 0;
        const settle = () => {
          const margin = parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
          const off = Math.abs(target.getBoundingClientRect().top - margin) > 2;
          if (!off || corrections >= 5) return stop();
          corrections += 1;
          target.scrollIntoView({ behavior: 'instant' });
        };
        const stop = () => {
          window.removeEventListener('scrollend', settle);
          for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
            window.removeEventListener(type, stop);
          }
        };
        window.addEventListener('scrollend', settle);
        for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
          window.addEventListener(type, stop, { passive: true });
        }
        return stop;
      }
      // On the first load the page may still be settling: the scroll waits for its web fonts,
      // and jumps rather than glides, since a smooth scroll aims at where the section was when
      // it started.
      let current = true;
      const fontsLoaded = 'fonts' in document ? document.fonts.ready : Promise.resolve();
      void fontsLoaded.then(() => {
        if (current) target.scrollIntoView({ behavior: 'instant' });
      });
      return () => {
        current = false;
      };
    }
    const sameLinkAgain = !firstLoad && !id && !searchChanged && navigationType !== 'POP';
    if (pathChanged || sameLinkAgain) {
      window.scrollTo({ top: 0, behavior: pathChanged ? 'instant' : glide() });
    }
  }, [location.key, location.pathname, location.search, location.hash, navigationType]);
}
