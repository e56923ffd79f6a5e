import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { PRERENDERED_ROUTES, PROTECTED_ROUTES } from '@muse/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createServices } from '../src/services';
import { createTestDatabase, type TTestDatabase } from './database';

const PUBLIC_URL = 'https://muse.example';
const SHELL = '<!doctype html><title>Muse</title><div id="root"></div>';
const SCRIPT = `console.log(${JSON.stringify('Muse '.repeat(400))})`;

let database: TTestDatabase;
const apps: FastifyInstance[] = [];

/** A build of the web app as `npm run build` leaves it, compressed twins included. */
async function fakeBuild(options: { prerendered: boolean }): Promise<string> {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'muse-web-'));
  const files: Record<string, string> = {
    'index.html': SHELL,
    'assets/app-abc123.js': SCRIPT,
  };
  if (options.prerendered) {
    files['prerendered/index.html'] = '<div id="root"><h1>Create AI influencers</h1></div>';
    files['prerendered/marketplace.html'] = '<div id="root"><h1>Marketplace</h1></div>';
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

async function startApp(webDistDir: string): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL });
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
