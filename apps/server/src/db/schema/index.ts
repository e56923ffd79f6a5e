export * from './users';
export * from './auth';
export * from './marketplace';
export * from './billing';
export * from './workspace';
export * from './jobs';
export * from './personas';
export * from './gallery';
