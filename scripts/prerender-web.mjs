// The last step of the web build (apps/web `npm run build`, decision 0050): renders the public entry screens
// with the prerender bundle (`vite build --ssr src/prerender.tsx`) into the built index.html, one HTML file per
// path and colour scheme under apps/web/dist/prerendered/, listed in apps/web/dist/prerendered.json. The server
// sends them instead of index.html for those paths (apps/server/src/plugins/web.ts).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('../apps/web/', import.meta.url));
const dist = join(web, 'dist');
const { PRERENDERED_PATHS, SCHEMES, renderPage } = await import(join(web, '.vite/prerender/prerender.js'));

const template = await readFile(join(dist, 'index.html'), 'utf8');
const escapeText = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/**
 * A form sent before the app has hydrated (Enter pressed, or a password manager's auto-submit, while the
 * script still loads) would go as a GET to the page itself, the password in the address. Until then each
 * form posts to `/prerendered<path>` instead, which the server answers with the page again (303); the app's
 * own submit handler takes over once hydrated (in production React leaves the extra attributes alone).
 */
function formsBeforeScript(html, path) {
  return html.replaceAll('<form ', `<form method="post" action="/prerendered${path}" `);
}

/** index.html with the page in #root, its styles in <head> and its title. */
function pageHtml(page, scheme, path) {
  const parts = [
    ['<title>Games Portal</title>', `<title>${escapeText(page.title)}</title>`],
    ['</head>', `${page.head}</head>`],
    [
      '<div id="root"></div>',
      `<div id="root" data-prerendered="${scheme}">${formsBeforeScript(page.html, path)}</div>`,
    ],
  ];
  return parts.reduce((html, [from, to]) => {
    if (!html.includes(from)) throw new Error(`prerender: index.html has no ${from}`);
    return html.replace(from, () => to);
  }, template);
}

await rm(join(dist, 'prerendered'), { recursive: true, force: true });
const pages = {};
for (const path of PRERENDERED_PATHS) {
  pages[path] = {};
  for (const scheme of SCHEMES) {
    const file = `prerendered${path}.${scheme}.html`;
    await mkdir(dirname(join(dist, file)), { recursive: true });
    await writeFile(join(dist, file), pageHtml(await renderPage(path, scheme), scheme, path));
    pages[path][scheme] = file;
  }
}
await writeFile(join(dist, 'prerendered.json'), JSON.stringify({ pages }));
console.log(`prerendered ${PRERENDERED_PATHS.length} paths in ${SCHEMES.join(' and ')}`);
