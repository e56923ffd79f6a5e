import { GENERIC_ERRORS, ZErrorResponse, type TErrorResponse } from '@muse/shared';
import { vi } from 'vitest';
import type { z } from 'zod';

/**
 * The Muse API, faked for the web's component tests: the one stand-in for `fetch`. A test
 * lists the routes its screen calls (`'GET /api/influencers'`, `'POST /api/posts/:id/checkout'`)
 * and what each answers. Answers are checked against the shared zod contracts (`reply`,
 * `refuse`), so a fake says only what the server could say. A call to a route the test did not
 * list fails the test (testing/setup.ts), instead of passing on whatever the screen shows for a
 * 404.
 */

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type TFakeRoute = `${TMethod} /api/${string}`;

/** One call the screen made. */
export type TFakeCall = {
  method: TMethod;
  /** '/api/influencers', without the query string. */
  path: string;
  url: URL;
  /** The route's `:name` parts, e.g. `{ id: '…' }` for `/api/posts/:id`. */
  params: Record<string, string>;
  /** The JSON body sent, parsed; a FormData as it was sent; undefined without one. */
  body: unknown;
  /** The request's headers, their names in lower case (`authorization`, `x-muse-workspace`). */
  headers: Record<string, string>;
};

export type TFakeAnswer = { status: number; body: unknown };
export type TFakeHandler = (call: TFakeCall) => TFakeAnswer | Promise<TFakeAnswer>;

/** A successful answer, checked against the shared schema the web reads it with. */
export function reply<S extends z.ZodType>(schema: S, body: z.input<S>, status = 200): TFakeAnswer {
  schema.parse(body);
  return { status, body };
}

/** An error answer, in the one shape every failed call has (docs/product/api.md). */
export function refuse(status: number, error: Omit<TErrorResponse, 'success'>): TFakeAnswer {
  return { status, body: ZErrorResponse.parse({ success: false, ...error }) };
}

const unlisted: string[] = [];

/** The calls to routes no test listed since the last look, emptied by it (testing/setup.ts). */
export function takeUnlistedCalls(): string[] {
  return unlisted.splice(0);
}

function matchRoute(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const actual = got[index]!;
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return undefined;
  }
  return params;
}

function bodyOf(init?: RequestInit): unknown {
  if (init?.body === undefined || init.body === null) return undefined;
  if (typeof init.body === 'string') return JSON.parse(init.body);
  return init.body;
}

/**
 * Answers the screen's calls with `routes` until the test ends (testing/setup.ts puts `fetch`
 * back). Returns the calls made, in order, for tests that check what was sent. With
 * `{ unlisted: 'not-found' }` the other routes answer 404 instead of failing the test: a page
 * shown with no API behind it.
 */
export function fakeApi(
  routes: Partial<Record<TFakeRoute, TFakeHandler>>,
  { unlisted: others = 'fail' }: { unlisted?: 'fail' | 'not-found' } = {},
) {
  const calls: TFakeCall[] = [];
  const table = Object.entries(routes).map(([route, handler]) => {
    const [method, pattern] = route.split(' ') as [TMethod, string];
    return { method, pattern, handler: handler! };
  });

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://muse.test');
    const method = (init?.method ?? 'GET').toUpperCase() as TMethod;
    for (const { method: want, pattern, handler } of table) {
      const params = want === method ? matchRoute(pattern, url.pathname) : undefined;
      if (!params) continue;
      const headers = Object.fromEntries(
        [...new Headers(init?.headers).entries()].map(([name, value]) => [
          name.toLowerCase(),
          value,
        ]),
      );
      const call = { method, path: url.pathname, url, params, body: bodyOf(init), headers };
      calls.push(call);
      const answer = await handler(call);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }
    if (others === 'fail') unlisted.push(`${method} ${url.pathname}`);
    const notFound = refuse(404, { error: GENERIC_ERRORS.notFound, code: 'NOT_FOUND' });
    return new Response(JSON.stringify(notFound.body), { status: notFound.status });
  });
  vi.stubGlobal('fetch', fetch);

  return {
    calls,
    /** The calls made to one route, e.g. `callsTo('POST /api/products')`. */
    callsTo: (route: TFakeRoute) => {
      const [method, pattern] = route.split(' ') as [TMethod, string];
      return calls.filter((call) => call.method === method && matchRoute(pattern, call.path));
    },
  };
}
