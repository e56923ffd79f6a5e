/**
 * Data a page rendered by the server carries for its first render: an API answer, as JSON, in
 * `<script type="application/json" id="…">` (docs/decisions/0034-prerendered-public-pages.md).
 * The page's scripts read it before hydrating, so they render what the server rendered instead of
 * asking the API again.
 */

/** The element that carries `json` under `id`: `<` escaped, so no text in it can end the element. */
export function pageDataScript(id: string, json: string): string {
  return `<script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>`;
}

/** What the page carries under `id`, or undefined when it carries nothing readable. */
export function pageData(page: Document, id: string): unknown {
  const carried = page.getElementById(id)?.textContent;
  if (!carried) return undefined;
  try {
    return JSON.parse(carried);
  } catch {
    return undefined;
  }
}

/**
 * Hands what the page carries under `id` to `seed` (which reads it as the API call would); an
 * absent or unreadable value is left out, and the page asks the API, as it would without it.
 */
export function seedFromPage(page: Document, id: string, seed: (answer: unknown) => void): void {
  const carried = pageData(page, id);
  if (carried === undefined) return;
  try {
    seed(carried);
  } catch {
    // Unreadable: the query stays empty and asks the API.
  }
}
