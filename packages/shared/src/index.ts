export * from './routes';
export * from './api/errors';
export * from './api/health';
