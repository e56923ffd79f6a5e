import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GENERIC_ERRORS } from '@muse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { AppError } from '../src/lib/errors';
import { createServices } from '../src/services';
import { createTestDatabase } from './database';
import { errorCodeOf } from './error-answers';

let app: FastifyInstance;
const logged: string[] = [];

beforeAll(async () => {
  const webDistDir = await mkdtemp(path.join(os.tmpdir(), 'muse-web-'));
  await mkdir(path.join(webDistDir, 'assets'));
  await writeFile(
    path.join(webDistDir, 'index.html'),
    '<!doctype html><title>Muse</title><div id="root"></div>',
  );
  await writeFile(path.join(webDistDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error' });
  const services = await createServices(config);
  app = await buildApp({
    config,
    database,
    services,
    webDistDir,
    logStream: { write: (line) => logged.push(line) },
  });
  app.get('/api/test/crash', async () => {
    throw new Error('secret connection string postgres://admin:hunter2@db');
  });
  app.get('/api/test/disk-full', async () => {
    throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC', syscall: 'write' });
  });
  app.get('/api/test/database-down', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
    });
  });
  app.get('/api/test/items/:id', async () => ({ success: true }));
  app.get('/api/test/known', async () => {
    throw new AppError(402, 'Insufficient credits', 'INSUFFICIENT_CREDITS');
  });
  app.post(
    '/api/test/validate',
    { schema: { body: z.object({ email: z.email('Please enter a valid email address') }) } },
    async () => ({ success: true }),
  );
  await app.ready();
  return async () => {
    await app.close();
    await services.stop();
  };
});

describe('serving the web app', () => {
  it.each(['/', '/dashboard', '/marketplace?q=1', '/terms/', '/checkout/test/cs_test_abc123'])(
    'answers index.html for %s so the client router can take over',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('sends a path that is no page of the app to /, as the client router would', async () => {
    const response = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
  });

  it('answers a missing file with a 404, not the app', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-old.js' });
    expect(response.statusCode).toBe(404);
  });

  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends a content security policy that allows only its own scripts', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('gives API answers, errors included, a policy that allows nothing and no page-only headers', async () => {
    for (const url of ['/api/health', '/api/no-such-thing', '/api/marketplace/models?x=1']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe(
        "default-src 'none';style-src 'unsafe-inline';frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(response.headers['x-xss-protection'], url).toBeUndefined();
    }
    // A page whose path merely starts with the letters is a page.
    const page = await app.inject({ method: 'GET', url: '/apiary' });
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('answers unknown API paths with a JSON 404, never the web app', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      error: GENERIC_ERRORS.notFound,
      code: 'NOT_FOUND',
    });
  });
});

describe('errors', () => {
  it('answers an unexpected failure with a 500 that leaks nothing, and logs it with the request id', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/crash',
      headers: { 'x-request-id': 'req-42' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      error: GENERIC_ERRORS.internal,
      code: 'INTERNAL_ERROR',
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.headers['x-request-id']).toBe('req-42');
    const entry = logged
      .map((line) => JSON.parse(line))
      .find((line) => line.requestId === 'req-42');
    expect(entry?.err?.message).toContain('hunter2');
  });

  it('answers a known error with its status and text', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/known' });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      success: false,
      error: 'Insufficient credits',
      code: 'INSUFFICIENT_CREDITS',
    });
  });

  it('answers a validation failure with 400 and the schema text', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validate',
      payload: { email: 'nope' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'Please enter a valid email address',
      code: 'INVALID_REQUEST',
      field: 'email',
    });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(errorCodeOf(response)).toBe('INVALID_REQUEST');
  });

  it('answers every kind of failure with its code', async () => {
    const answers = {
      outOfDisk: await app.inject({ method: 'GET', url: '/api/test/disk-full' }),
      noDatabase: await app.inject({ method: 'GET', url: '/api/test/database-down' }),
      tooLarge: await app.inject({
        method: 'POST',
        url: '/api/test/validate',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
      }),
      unreadableType: await app.inject({
        method: 'POST',
        url: '/api/test/validate',
        headers: { 'content-type': 'application/x-muse' },
        payload: 'email=a@b.c',
      }),
      unreadablePath: await app.inject({ method: 'GET', url: '/api/test/items/%E0%A4%A' }),
      unknownPath: await app.inject({ method: 'DELETE', url: '/api/no-such-thing' }),
    };
    const codes = Object.fromEntries(
      Object.entries(answers).map(([what, answer]) => [what, errorCodeOf(answer, what)]),
    );
    expect(codes).toEqual({
      outOfDisk: 'STORAGE_UNAVAILABLE',
      noDatabase: 'SERVICE_UNAVAILABLE',
      tooLarge: 'PAYLOAD_TOO_LARGE',
      unreadableType: 'UNSUPPORTED_MEDIA_TYPE',
      unreadablePath: 'INVALID_REQUEST',
      unknownPath: 'NOT_FOUND',
    });
  });

  it('gives every response a request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
