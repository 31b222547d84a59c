export * from './admin';
export * from './developers';
export * from './errors';
export * from './game-login';
export * from './games';
export * from './sdk';
export * from './tables';
export * from './validation';
