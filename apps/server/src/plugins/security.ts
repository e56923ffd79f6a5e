import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { TConfig } from '../config';

/**
 * The headers helmet sets with these options, found once by running it against a stand-in
 * response. They are the same for every answer (no per-request nonces), so building them on each
 * response, as the Fastify plugin does, was wasted work
 * (docs/decisions/0031-session-cache-and-hot-reads.md).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => (failure = error),
  );
  if (failure) throw failure;
  return headers;
}

/**
 * The security headers of every answer, built once (docs/decisions/0005-content-security-policy.md).
 * Pages get the app's policy. API answers (JSON, and the images, videos and files the pages load)
 * get a policy of their own that allows nothing: opened on their own, they are a document that
 * needs no script, style sheet or other resource, only the inline styles a browser gives an
 * image or a video it shows by itself. Headers that only a page uses (the opener policy, the
 * agent cluster, DNS prefetching, the old XSS filter and download prompt) are left off them.
 */
export async function registerSecurity(app: FastifyInstance, config: TConfig): Promise<void> {
  // HSTS over plain-HTTP local development would pin localhost to HTTPS in the browser.
  const strictTransportSecurity = config.isProduction;
  const apiHeaders = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'none'"],
        'style-src': ["'unsafe-inline'"],
        'frame-ancestors': ["'none'"],
      },
    },
    strictTransportSecurity,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  const pageHeaders = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Dialog and toast libraries inject <style> elements at run time; scripts stay strict.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(config.isProduction ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity,
    crossOriginEmbedderPolicy: false,
  });
  // Set on arrival, like the Fastify plugin did, so every answer carries them, errors included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiRequest(request.url) ? apiHeaders : pageHeaders);
    done();
  });
}

/** `/api` and everything under it, whatever the query string. */
export function isApiRequest(url: string): boolean {
  return url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');
}
