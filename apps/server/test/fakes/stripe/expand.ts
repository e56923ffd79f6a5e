import { clone } from './objects';
import { invalid } from './params';
import type { StripeStore } from './store';

/**
 * Replaces ids with the objects they name along each `expand[]` path (`data.product`,
 * `subscription.latest_invoice`, …), on a copy.
 */
export function expandObject(store: StripeStore, answer: object, paths: string[]): object {
  const result = clone(answer);
  for (const path of paths) expandPath(store, result, path.split('.'), path);
  return result;
}

function expandPath(store: StripeStore, node: unknown, segments: string[], path: string): void {
  if (Array.isArray(node)) {
    for (const item of node) expandPath(store, item, segments, path);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  const [head, ...rest] = segments as [string, ...string[]];
  let value = record[head];
  if (typeof value === 'string') {
    const found = store.find(value);
    if (!found) throw invalid(`This property cannot be expanded (${path}).`, 'expand');
    value = clone(found);
    record[head] = value;
  } else if (value === undefined || (value !== null && typeof value !== 'object')) {
    throw invalid(`This property cannot be expanded (${path}).`, 'expand');
  }
  if (rest.length) expandPath(store, value, rest, path);
}
