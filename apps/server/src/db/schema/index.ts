// One file per aggregate; each feature module owns its tables. Add new files here.
export * from './accounts';
export * from './admin';
export * from './admins';
export * from './analytics';
export * from './auth-failures';
export * from './commerce';
export * from './developers';
export * from './email-blast';
export * from './events';
export * from './game-login';
export * from './mail';
export * from './mfa';
export * from './referrals';
export * from './security';
export * from './sessions';
export * from './social';
export * from './users';
