export * from './users';
export * from './auth';
export * from './marketplace';
export * from './billing';
