export * from './admin';
export * from './errors';
export * from './games';
export * from './tables';
export * from './validation';
