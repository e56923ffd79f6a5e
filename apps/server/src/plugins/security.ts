import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../config';

export async function registerSecurity(app: FastifyInstance, config: TConfig): Promise<void> {
  await app.register(helmet, {
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
    // HSTS over plain-HTTP local development would pin localhost to HTTPS in the browser.
    strictTransportSecurity: config.isProduction,
    crossOriginEmbedderPolicy: false,
  });
}
