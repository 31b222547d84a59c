import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { makeCatalog } from '../../test/shop';

/**
 * The server's side of the pages it renders in the first response (decision 0062): which pages, with which
 * data, how often, and what happens when a render fails. The render itself is the web build's module
 * (apps/web/src/prerender.tsx), built after these tests run; here a module with its interface stands in,
 * writing what it was given into the page, and the browser suite (e2e/first-screen.spec.ts) runs the real one.
 */
const RENDER_MODULE = `
export async function renderServerDocument(template, input) {
  const state = (globalThis.pageRenders ??= { count: 0, fail: false });
  state.count += 1;
  if (state.fail) throw new Error('render failed');
  const root = '<div id="root" data-prerendered="' + input.scheme + '">' + input.path + '|';
  if (input.page === 'sdks') return template.replace('<div id="root"></div>', root + 'sdks ' + input.sdks + '</div>');
  const names = JSON.parse(input.products).products.map((p) => p.name + ':' + p.available).join(',');
  const groups = JSON.parse(input.groups).groups.map((g) => g.name).join(',');
  return template.replace(
    '<div id="root"></div>',
    root + names + '|' + groups + '|test payments ' + input.testPayments + '</div>',
  );
}
`;

interface RenderState {
  count: number;
  fail: boolean;
}
const renders = () => (globalThis as unknown as { pageRenders: RenderState }).pageRenders;

let t: TestApp;
let build: string;
beforeAll(async () => {
  build = mkdtempSync(join(tmpdir(), 'portal-shop-pages-'));
  const webDist = join(build, 'dist');
  mkdirSync(webDist);
  mkdirSync(join(build, 'dist-ssr'));
  writeFileSync(join(build, 'dist-ssr', 'prerender.js'), RENDER_MODULE);
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Games Portal</title><script type="module" crossorigin src="/assets/index-e1.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(webDist, 'route-preloads.json'),
    JSON.stringify({ routes: { '/TRWebshop': ['/assets/TalesRunnerShopPage-a1.js'] } }),
  );
  writeFileSync(
    join(webDist, 'prerendered.json'),
    JSON.stringify({
      pages: {},
      rendered: {
        '/TRWebshop': { page: 'shop', game: 'talesrunner' },
        '/webshop': { page: 'shop', game: 'yggdra' },
        '/sdk-downloads': { page: 'sdks' },
      },
    }),
  );
  t = await buildTestApp({ deps: { webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(build, { recursive: true, force: true });
});
beforeEach(() => {
  const state = renders();
  if (state) state.fail = false;
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the pages rendered by the server', () => {
  it("renders a shop with its catalog from the cache, the payment mode and the route's preloads", async () => {
    const { rows } = await makeCatalog(
      t.app.ctx,
      'talesrunner',
      [{ name: 'Speed Shoes', price: '10.00', available: 4, groups: ['g'] }],
      [{ externalId: 'g', name: 'Footwear' }],
    );
    const res = await get('/TRWebshop');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toBe('accept-encoding, sec-ch-prefers-color-scheme');
    expect(res.body).toContain('<div id="root" data-prerendered="light">/TRWebshop|');
    expect(res.body).toContain(`${rows[0]!.name}:4`);
    expect(res.body).toContain('|Footwear');
    expect(res.body).toContain('test payments true');
    // On screen from its HTML: the app starts once that is painted (decision 0078).
    expect(res.body).toContain(
      '<script type="application/json" id="portal-modules">' +
        '{"entry":"/assets/index-e1.js","preloads":["/assets/TalesRunnerShopPage-a1.js"]}</script>' +
        '<script defer src="/start-app-after-paint.js"></script>',
    );
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).toContain(
      '<script type="application/json" id="portal-boot">{"test_payments":true}</script>',
    );

    const dark = await get('/TRWebshop', { 'sec-ch-prefers-color-scheme': '"dark"' });
    expect(dark.body).toContain('data-prerendered="dark"');
    // The other shop has its own catalog.
    const yggdra = await get('/webshop');
    expect(yggdra.body).toContain('/webshop|');
    expect(yggdra.body).not.toContain(rows[0]!.name);
  });

  it('renders a page once per catalog, and again once the catalog has changed, at most every 5 s', async () => {
    const { rows } = await makeCatalog(t.app.ctx, 'talesrunner', [{ price: '5.00', available: 2 }]);
    t.clock.advance(5_000);
    const first = await get('/TRWebshop');
    const count = renders().count;
    const again = await get('/TRWebshop', { 'accept-encoding': 'br' });
    expect(renders().count).toBe(count);
    expect(again.headers['content-encoding']).toBe('br');
    expect((await get('/TRWebshop')).body).toBe(first.body);

    // A change to the catalog (here, a product added) within 5 s of the render: the page as it was.
    const { rows: added } = await makeCatalog(t.app.ctx, 'talesrunner', [{ price: '7.00', available: 9 }]);
    t.clock.advance(4_999);
    expect((await get('/TRWebshop')).body).toBe(first.body);
    expect(renders().count).toBe(count);

    // Once 5 s have passed, the change is in the next page, rendered anew.
    t.clock.advance(1);
    const changed = await get('/TRWebshop');
    expect(renders().count).toBe(count + 1);
    expect(changed.body).toContain(`${rows[0]!.name}:2`);
    expect(changed.body).toContain(`${added[0]!.name}:9`);
  });

  it('sends the page unrendered (the app draws it) when the render fails, and renders again later', async () => {
    await makeCatalog(t.app.ctx, 'talesrunner', [{ price: '3.00', available: 1 }]);
    t.clock.advance(5_000);
    renders().fail = true;
    const failed = await get('/TRWebshop');
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<div id="root"></div>');
    expect(failed.body).toContain('href="/assets/TalesRunnerShopPage-a1.js"');
    expect(failed.headers.vary).toBe('accept-encoding');

    renders().fail = false;
    const rendered = await get('/TRWebshop');
    expect(rendered.body).toContain('data-prerendered="light"');
  });

  it('renders the SDK page with the list GET /api/sdk answers', async () => {
    const list = await get('/api/sdk');
    expect(list.statusCode).toBe(200);
    const page = await get('/sdk-downloads', { 'sec-ch-prefers-color-scheme': 'dark' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<div id="root" data-prerendered="dark">/sdk-downloads|sdks ${list.body}</div>`,
    );
  });

  it('renders no page for an address with a query (the page reads it), nor for a page not listed', async () => {
    const withQuery = await get('/TRWebshop?category=x');
    expect(withQuery.statusCode).toBe(200);
    expect(withQuery.body).toContain('<div id="root"></div>');
    const cart = await get('/TRCart');
    expect(cart.body).toContain('<div id="root"></div>');
  });
});
