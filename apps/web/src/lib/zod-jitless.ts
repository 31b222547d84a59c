// The CSP's script-src 'self' forbids eval. Zod's object schemas otherwise compile a fast parser with
// `new Function` and probe for it when the first one is built: the browser reports that probe as a CSP
// violation (Lighthouse "best practices") even though zod catches the error. Jitless parsing needs no eval
// and costs nothing noticeable at the app's form and reply sizes.
//
// This must run before any schema is built (the contract builds its schemas when its module loads), so
// main.tsx imports this module first. It writes zod's global config object (`z.config()` reads and writes
// `globalThis.__zod_globalConfig`, shared by every copy of zod) rather than importing zod: an import here
// would pull zod's core into the entry chunk, 4 KB gzip more on /login. zod-jitless.test.ts checks that
// `z.config()` sees the setting.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
