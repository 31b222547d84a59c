// Loaded by index.html as a classic script, so it runs before any of the app's modules: the CSP's script-src
// 'self' forbids eval, and zod's object schemas otherwise compile a fast parser with `new Function` and probe
// for it, which the browser reports as a CSP violation even though zod catches the error. Zod reads this
// global config object (`z.config()` reads and writes `globalThis.__zod_globalConfig`) when it builds a
// schema; a module could not set it first, since the entry chunk's imports (the contract's schemas among
// them) run before the entry's own code. Jitless parsing costs nothing noticeable at the app's sizes.
globalThis.__zod_globalConfig ??= {};
globalThis.__zod_globalConfig.jitless = true;
