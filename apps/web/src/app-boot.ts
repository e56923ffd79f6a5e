import { afterFirstPaint, nextTask } from './after-first-paint';

/**
 * Loads a prerendered app page's scripts once the page has painted
 * (docs/decisions/0034-prerendered-public-pages.md). scripts/prerender.mjs puts this script in
 * place of the page's own and names them on it (`data-scripts`). Their order does not matter:
 * each imports what it needs, and only the app's entry does anything when it runs.
 */
const boot = document.querySelector<HTMLScriptElement>('script[data-scripts]');
const scripts = (boot?.dataset.scripts ?? '').split(' ').filter(Boolean);

// Each script is added in a task of its own: adding one has the browser look it up and start it,
// which for all of them at once was a long task on a phone.
afterFirstPaint(() => {
  void (async () => {
    for (const src of scripts) {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = src;
      document.head.append(script);
      await nextTask();
    }
  })();
});
