import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyPluginAsync } from 'fastify';

/** Redoc's one-file browser build, from the package (no outside CDN). */
const REDOC_BUNDLE = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Muse API reference</title>
    <link rel="icon" href="/favicon.svg" />
  </head>
  <body style="margin: 0">
    <redoc spec-url="/api/v1/openapi.json" hide-download-button="false" native-scrollbars="true"></redoc>
    <script src="/docs/api/redoc.standalone.js"></script>
  </body>
</html>
`;

/**
 * Redoc's footer shows its maker's logo from their CDN. Muse's pages reach no outside host (and
 * the policy would refuse it), so the bundle is served with an empty picture in its place.
 */
async function redocBundle(): Promise<Buffer> {
  const source = await readFile(REDOC_BUNDLE, 'utf8');
  const logo = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
  const empty = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E';
  return Buffer.from(source.replaceAll(logo, empty));
}

/**
 * The reference of the public API at /docs/api: Redoc renders the OpenAPI document the API
 * serves. The page runs no inline script; Redoc's search runs in a worker it makes from a blob,
 * which this page's policy allows beside the app's own.
 */
export const apiReferenceRoutes: FastifyPluginAsync = async (app) => {
  let bundle: Buffer | null = null;
  app.get('/docs/api', async (_request, reply) => {
    const policy = String(reply.getHeader('content-security-policy') ?? '');
    reply.header('content-security-policy', `${policy}; worker-src 'self' blob:`);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE);
  });
  app.get('/docs/api/redoc.standalone.js', async (_request, reply) => {
    bundle ??= await redocBundle();
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(bundle);
  });
};
