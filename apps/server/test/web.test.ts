import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { PRERENDERED_ROUTES, PROTECTED_ROUTES, LICENCE_TERMS } from '@muse/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createServices } from '../src/services';
import { buyPlan, registerAccount } from './accounts';
import { createTestDatabase, type TTestDatabase } from './database';

const PUBLIC_URL = 'https://muse.example';
const SHELL = '<!doctype html><title>Muse</title><div id="root"></div>';
const SCRIPT = `console.log(${JSON.stringify('Muse '.repeat(400))})`;

let database: TTestDatabase;
const apps: FastifyInstance[] = [];

/**
 * The build's page renderer (dist/server/prerender.js) in small: a page's template filled with
 * whether it shows 'Continue with Google', the marketplace's with a line per model, and the
 * answers themselves, as the real one (apps/web/src/prerender.tsx) fills them with the page's
 * markup.
 */
const RENDERER = `export async function renderServedPage(route, template, data) {
  if (globalThis.museRendererFails) throw new Error('The renderer failed');
  const { googleSignIn } = JSON.parse(data.publicConfig);
  let markup = googleSignIn ? '<button>Continue with Google</button>' : '';
  let scripts = '<script type="application/json" id="public-config">' + data.publicConfig + '</script>';
  if (data.marketplaceModels !== undefined) {
    const { models } = JSON.parse(data.marketplaceModels);
    const cards = models.map((model) => '<li>' + model.name + ': ' + model.claimed + '/' + model.licences + '</li>');
    markup += '<ul>' + cards.join('') + '</ul>';
    scripts += '<script type="application/json" id="marketplace-models">' + data.marketplaceModels + '</script>';
  }
  return template.replace('<!--muse:markup-->', markup).replace('<!--muse:data-->', scripts);
}`;
const template = (route: string) =>
  `<!doctype html><title>${route}</title><div id="root" data-prerendered="${route}"><!--muse:markup--></div><!--muse:data-->`;

/** A build of the web app as `npm run build` leaves it, compressed twins included. */
async function fakeBuild(options: { prerendered: boolean; renderer?: boolean }): Promise<string> {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'muse-web-'));
  const files: Record<string, string> = {
    'index.html': SHELL,
    'assets/app-abc123.js': SCRIPT,
  };
  if (options.prerendered) {
    files['prerendered/index.html'] = '<div id="root"><h1>Create AI influencers</h1></div>';
    files['prerendered/marketplace.html'] = '<div id="root"><h1>Marketplace</h1></div>';
    files['prerendered/login.html'] = '<div id="root"><h1>Sign In</h1></div>';
  }
  if (options.renderer) {
    files['server/package.json'] = '{ "type": "module" }';
    files['server/prerender.js'] = RENDERER;
    files['server/marketplace.html'] = template('/marketplace');
    files['server/login.html'] = template('/login');
  }
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dist, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
    await writeFile(`${file}.br`, brotliCompressSync(text));
    await writeFile(`${file}.gz`, gzipSync(text));
  }
  return dist;
}

async function startApp(webDistDir: string, env: NodeJS.ProcessEnv = {}): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL, ...env });
  const services = await createServices(config);
  const app = await buildApp({ config, database, services, webDistDir });
  app.addHook('onClose', () => services.stop());
  await app.ready();
  apps.push(app);
  return app;
}

let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startApp(await fakeBuild({ prerendered: true }));
});

afterAll(async () => {
  for (const started of apps) await started.close();
});

describe('the built web app', () => {
  it('answers a public page with its prerendered HTML, revalidated on every visit', async () => {
    for (const [url, heading] of [
      ['/', 'Create AI influencers'],
      ['/marketplace', 'Marketplace'],
      ['/marketplace?page=2', 'Marketplace'],
    ]) {
      const response = await app.inject({ method: 'GET', url: url! });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain(`<h1>${heading}</h1>`);
    }
  });

  it('answers the other pages of the app with the empty shell', async () => {
    for (const url of ['/dashboard', '/marketplace/', '/forgot-password']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(SHELL);
    }
  });

  it('does not serve the prerendered files under a path of their own', async () => {
    const response = await app.inject({ method: 'GET', url: '/prerendered/index.html' });
    expect(response.statusCode).toBe(404);
  });

  it('sends the twin the build compressed, never compressing a file per request', async () => {
    const brotli = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toContain('accept-encoding');
    // The very bytes the build wrote: the compression plugin left the answer alone.
    expect(brotli.rawPayload).toEqual(brotliCompressSync(SCRIPT));
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('keeps HTML revalidated when it is sent compressed', async () => {
    for (const url of ['/', '/dashboard']) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br' },
      });
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers / with the shell when nothing was prerendered', async () => {
    const bare = await startApp(await fakeBuild({ prerendered: false }));
    const response = await bare.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SHELL);
  });
});

describe('the marketplace page, rendered with its models', () => {
  let rendered: FastifyInstance;
  beforeAll(async () => {
    rendered = await startApp(await fakeBuild({ prerendered: true, renderer: true }));
  });
  const page = (headers: Record<string, string> = {}) =>
    rendered.inject({ method: 'GET', url: '/marketplace', headers });
  const list = async () =>
    (await rendered.inject({ method: 'GET', url: '/api/marketplace/models' })).body;

  it('carries the models and the list it was rendered from, compressed once, revalidated', async () => {
    const answer = await list();
    const { models } = JSON.parse(answer) as { models: { name: string; claimed: number }[] };
    const plain = await page({ 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain(`<li>${models[0]!.name}: ${models[0]!.claimed}/5</li>`);
    expect(plain.body).toContain(
      `<script type="application/json" id="marketplace-models">${answer}</script>`,
    );

    const brotli = await page({ 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await page({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await page({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('shows a claim from the next visit on, under a new tag', async () => {
    const before = await page({ 'accept-encoding': 'identity' });
    const account = await registerAccount(rendered);
    await buyPlan(rendered, account, 'launch');
    const { models } = JSON.parse(await list()) as {
      models: { id: number; name: string; claimed: number; available: boolean }[];
    };
    const model = models.find((candidate) => candidate.available)!;
    expect(before.body).toContain(`<li>${model.name}: ${model.claimed}/5</li>`);

    const claimed = await rendered.inject({
      method: 'POST',
      url: `/api/marketplace/models/${model.id}/claim`,
      payload: { acceptTerms: true, termsVersion: LICENCE_TERMS.version },
      headers: account.headers,
    });
    expect(claimed.statusCode).toBe(201);

    const after = await page({
      'accept-encoding': 'identity',
      'if-none-match': before.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain(`<li>${model.name}: ${model.claimed + 1}/5</li>`);
  });

  it('is the page prerendered without them while the renderer fails, and rendered again after', async () => {
    const changed = await registerAccount(rendered);
    await buyPlan(rendered, changed, 'launch');
    const { models } = JSON.parse(await list()) as { models: { id: number; available: boolean }[] };
    const globals = globalThis as { museRendererFails?: boolean };
    globals.museRendererFails = true;
    try {
      // A claim makes the next visit render again, which now fails.
      const claimed = await rendered.inject({
        method: 'POST',
        url: `/api/marketplace/models/${models.find((model) => model.available)!.id}/claim`,
        payload: { acceptTerms: true, termsVersion: LICENCE_TERMS.version },
        headers: changed.headers,
      });
      expect(claimed.statusCode).toBe(201);
      const fallback = await page({ 'accept-encoding': 'identity' });
      expect(fallback.statusCode).toBe(200);
      expect(fallback.body).toContain('<h1>Marketplace</h1>');
    } finally {
      delete globals.museRendererFails;
    }
    const recovered = await page({ 'accept-encoding': 'identity' });
    expect(recovered.body).toContain('id="marketplace-models"');
  });

  it('never sends the renderer or its templates', async () => {
    for (const url of ['/server/prerender.js', '/server/marketplace.html', '/server/login.html']) {
      const response = await rendered.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe("the sign-in page, rendered with this server's settings", () => {
  const login = async (server: FastifyInstance) => {
    const config = await server.inject({ method: 'GET', url: '/api/config' });
    const page = await server.inject({
      method: 'GET',
      url: '/login',
      headers: { 'accept-encoding': 'identity' },
    });
    return { config: config.body, page };
  };

  it('arrives without Continue with Google on a server without Google sign-in, carrying its settings', async () => {
    const server = await startApp(await fakeBuild({ prerendered: true, renderer: true }));
    const { config, page } = await login(server);
    expect(JSON.parse(config)).toMatchObject({ googleSignIn: false });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).not.toContain('Continue with Google');
    expect(page.body).toContain(
      `<script type="application/json" id="public-config">${config}</script>`,
    );
  });

  it('arrives with it on a server with Google sign-in', async () => {
    const server = await startApp(await fakeBuild({ prerendered: true, renderer: true }), {
      GOOGLE_CLIENT_ID: 'muse-web.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'google-secret',
    });
    const { config, page } = await login(server);
    expect(JSON.parse(config)).toMatchObject({ googleSignIn: true });
    expect(page.body).toContain('<button>Continue with Google</button>');
    expect(page.body).toContain(`id="public-config">${config}</script>`);
  });

  it('is the page prerendered without them when the build has no renderer', async () => {
    const { page } = await login(app);
    expect(page.body).toContain('<h1>Sign In</h1>');
    expect(page.body).not.toContain('public-config');
  });
});

describe('files for search engines', () => {
  it('robots.txt allows the public pages and keeps crawlers out of the app and the API', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /api/');
    for (const route of PROTECTED_ROUTES) expect(lines).toContain(`Disallow: ${route}`);
    for (const route of ['/reset-password', '/verify-email', '/oauth-callback'])
      expect(lines).toContain(`Disallow: ${route}`);
    for (const route of PRERENDERED_ROUTES.filter((route) => route !== '/'))
      expect(
        lines.some((line) => line.startsWith('Disallow') && route.startsWith(line.slice(10))),
      ).toBe(false);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('sitemap.xml lists every public page at its full address', async () => {
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(PRERENDERED_ROUTES.map((route) => `${PUBLIC_URL}${route}`));
  });

  it('serves both without a build of the web app', async () => {
    const apiOnly = await startApp('/nonexistent');
    for (const url of ['/robots.txt', '/sitemap.xml']) {
      const response = await apiOnly.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    }
  });
});
