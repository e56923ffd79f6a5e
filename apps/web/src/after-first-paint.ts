/** However slow a picture, a page's controls come to life at most this long after its paint. */
const LOAD_WAIT_MS = 3000;

/**
 * Runs `start` once the page has loaded its pictures and stylesheet and shown its first paint
 * (docs/decisions/0034-prerendered-public-pages.md). A prerendered page is complete without its
 * scripts: fetched before then, they would share a phone's slow link with what the visitor sees
 * first and hold up its drawing.
 */
export function afterFirstPaint(start: () => void): void {
  const painted = new Promise<void>((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  const loadedOrLate = Promise.race([
    loaded,
    painted.then(() => new Promise((resolve) => setTimeout(resolve, LOAD_WAIT_MS))),
  ]);
  void Promise.all([painted, loadedOrLate]).then(() => setTimeout(start, 0));
}

/**
 * Resolves in a task of its own: the browser may handle input and draw before what follows runs.
 * A page's start is cut into such steps, each short enough not to hold up a tap on a phone
 * (docs/decisions/0036-schemas-on-first-use.md).
 */
export function nextTask(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
