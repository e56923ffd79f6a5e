import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestContext } from './app';
import { registeredRoutes } from './routes';

/**
 * The OpenAPI document is generated from the v1 routes' own schemas. A copy is committed
 * (`apps/server/openapi/v1.json`, linted by `npm run lint`) with the TypeScript types of a client
 * generated from it (`v1.d.ts`), which the API tests call the API through: the document, the
 * types and the server cannot drift apart. `MUSE_WRITE_OPENAPI=1` writes both again after a
 * change of the API.
 */
const OPENAPI_DIR = path.resolve(import.meta.dirname, '../openapi');
const DOCUMENT_FILE = path.join(OPENAPI_DIR, 'v1.json');
const TYPES_FILE = path.join(OPENAPI_DIR, 'v1.d.ts');
const WRITE = process.env.MUSE_WRITE_OPENAPI === '1';

let context: TTestContext;
let served: { paths: Record<string, Record<string, unknown>>; openapi: string };
let body: string;

beforeAll(async () => {
  context = await createTestApp();
  const response = await context.app.inject({ url: '/api/v1/openapi.json' });
  expect(response.statusCode).toBe(200);
  body = `${JSON.stringify(response.json(), null, 2)}\n`;
  served = response.json();
  if (WRITE) {
    writeFileSync(DOCUMENT_FILE, body);
    const types = astToString(await openapiTS(JSON.parse(body)));
    writeFileSync(
      TYPES_FILE,
      `// Generated from v1.json by test/openapi.test.ts: do not edit.\n${types}`,
    );
  }
});

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1, open to anyone, and names every v1 route and no other', () => {
    expect(served.openapi).toBe('3.1.0');
    const documented = Object.entries(served.paths).flatMap(([route, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} /api/v1${route}`),
    );
    const routes = registeredRoutes(context.app)
      .filter((route) => route.split(' ')[1]!.startsWith('/api/v1/'))
      .filter((route) => route !== 'GET /api/v1/openapi.json')
      // Fastify writes path parameters as :id, the document as {id}.
      .map((route) => route.replace(/:(\w+)/g, '{$1}'));
    expect(documented.sort()).toEqual(routes.sort());
  });

  it('says the scope of every operation, and how it may be refused', () => {
    for (const [route, operations] of Object.entries(served.paths))
      for (const [method, operation] of Object.entries(operations)) {
        const { security, responses, operationId } = operation as {
          security?: { apiKey: string[] }[];
          responses: Record<string, unknown>;
          operationId?: string;
        };
        expect(security?.[0]?.apiKey, `${method} ${route}`).toHaveLength(1);
        expect(operationId, `${method} ${route}`).toBeTruthy();
        for (const status of ['401', '403', '404', '429'])
          expect(responses, `${method} ${route}`).toHaveProperty(status);
      }
  });

  it('is the committed copy, and so are the client types generated from it', async () => {
    expect(readFileSync(DOCUMENT_FILE, 'utf8')).toBe(body);
    const types = astToString(await openapiTS(JSON.parse(body)));
    expect(readFileSync(TYPES_FILE, 'utf8')).toBe(
      `// Generated from v1.json by test/openapi.test.ts: do not edit.\n${types}`,
    );
  });
});
