import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates that HTML, true after
 * (and from the start on a page rendered in the browser only). Whatever only the browser knows
 * (a stored session, the address's #hash, a motion preference) shows once this is true, so the
 * first render in the browser matches the prerendered HTML
 * (docs/decisions/0034-prerendered-public-pages.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
