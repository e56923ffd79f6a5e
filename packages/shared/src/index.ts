export * from './routes';
export * from './api/errors';
export * from './api/health';
export * from './api/auth';
export * from './plans';
export * from './api/marketplace';
export * from './api/billing';
