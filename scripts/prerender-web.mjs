// The last step of the web build (apps/web `npm run build`, decision 0050): renders the public entry screens
// with the render bundle (`vite build --ssr src/prerender.tsx`, apps/web/dist-ssr) into the built index.html,
// one HTML file per path and colour scheme under apps/web/dist/prerendered/, listed in
// apps/web/dist/prerendered.json. The server sends them instead of index.html for those paths
// (apps/server/src/plugins/web.ts); it renders the shops and the SDK page itself with the same bundle
// (decision 0062).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('../apps/web/', import.meta.url));
const dist = join(web, 'dist');
const { PRERENDERED_PATHS, SCHEMES, SERVER_RENDERED, prerenderDocument } = await import(
  join(web, 'dist-ssr/prerender.js')
);

const template = await readFile(join(dist, 'index.html'), 'utf8');

await rm(join(dist, 'prerendered'), { recursive: true, force: true });
const pages = {};
for (const path of PRERENDERED_PATHS) {
  pages[path] = {};
  for (const scheme of SCHEMES) {
    const file = `prerendered${path}.${scheme}.html`;
    await mkdir(dirname(join(dist, file)), { recursive: true });
    await writeFile(join(dist, file), await prerenderDocument(template, path, scheme));
    pages[path][scheme] = file;
  }
}
// The pages the server renders with its data (decision 0062): listed here with what they need.
await writeFile(join(dist, 'prerendered.json'), JSON.stringify({ pages, rendered: SERVER_RENDERED }));
console.log(`prerendered ${PRERENDERED_PATHS.length} paths in ${SCHEMES.join(' and ')}`);
