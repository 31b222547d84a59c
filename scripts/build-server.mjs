// Bundles the server into apps/server/dist/main.js, and the admin CLI into dist/admin-create.js (production
// images have no tsx, and the first admin must be created there). npm packages stay external (node_modules has them);
// the workspace contract package is TypeScript source, so it is bundled in.
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));
rmSync(`${serverDir}dist`, { recursive: true, force: true });
await build({
  entryPoints: { main: `${serverDir}src/main.ts`, 'admin-create': `${serverDir}src/cli/admin-create.ts` },
  outdir: `${serverDir}dist`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
cpSync(`${serverDir}src/db/migrations`, `${serverDir}dist/migrations`, { recursive: true });
console.log('server built: apps/server/dist/main.js');
// The SDK archives served at /sdk-downloads live in dist/sdk (rebuilt after dist is cleared above).
const { buildSdks } = await import('./build-sdks.mjs');
buildSdks({ outDir: `${serverDir}dist/sdk` });
console.log('sdk archives built: apps/server/dist/sdk');
