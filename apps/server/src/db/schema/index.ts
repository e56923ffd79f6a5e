export * from './users';
export * from './auth';
export * from './marketplace';
