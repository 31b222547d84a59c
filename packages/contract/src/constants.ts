/**
 * `@portal/contract/constants`: the part of the contract that needs no zod. Modules of the web's first page
 * load (shell, router, login page) import from here, since anything from the main entry brings zod along
 * (about 30 KB gzipped); everything here is exported by the main entry too.
 */
export * from './account-messages';
export * from './challenge-messages';
export * from './first-requests';
export * from './game-list';
export * from './pages';
export * from './privacy-messages';
export * from './social-links';
export * from './step-up-messages';
