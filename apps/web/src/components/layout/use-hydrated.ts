import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/** Whether the page's entry is hydrating the server's HTML (`hydratingPage`). */
let pageHydrating = false;

const subscribe = () => () => {};
const getSnapshot = () => pageHydrating;
/** On the server, and while React hydrates what the server rendered. */
const getServerSnapshot = () => true;

/**
 * Marks the page as hydrating the server's HTML from now until `done` is called (once its root has
 * committed). A component that mounts in between without hydrating only starts out as not yet
 * hydrated, which it stops being a moment later.
 */
export function hydratingPage(): { done: () => void } {
  pageHydrating = true;
  return {
    done: () => {
      pageHydrating = false;
    },
  };
}

/**
 * False while the server renders a page and while the browser hydrates that HTML, true after
 * (and from the start on a page rendered in the browser only). Whatever only the browser knows
 * (a stored session, the address's #hash, a motion preference) shows once this is true, so the
 * first render in the browser matches the prerendered HTML
 * (docs/decisions/0034-prerendered-public-pages.md).
 *
 * The switch to true is a transition: React renders it in slices, between which the browser stays
 * responsive, not in one task as an external store's change would force
 * (docs/decisions/0036-schemas-on-first-use.md).
 */
export function useHydrated(): boolean {
  // True while this render is the server's or hydrates the server's HTML. While the page hydrates,
  // the browser's value is the same, so React has no cause to render the component again at once.
  const fromServer = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const [hydrated, setHydrated] = useState(!fromServer);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/** Rendered beside a hydrating page's app: ends `hydratingPage` once the root has committed. */
export function PageHydrated({ done }: { done: () => void }): null {
  useEffect(done, [done]);
  return null;
}
