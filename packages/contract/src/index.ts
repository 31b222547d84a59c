export * from './errors';
export * from './games';
export * from './validation';
