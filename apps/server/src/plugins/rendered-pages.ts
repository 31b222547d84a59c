import { pathToFileURL } from 'node:url';
import { shopGameSchema } from '@portal/contract';
import { z } from 'zod';
import type { Clock } from '../lib/clock';
import type { CatalogCache } from '../modules/shop/index';

type Scheme = 'light' | 'dark';

/** A page the server renders, as the web build lists it (`rendered` in prerendered.json). */
export const renderedPageSchema = z.discriminatedUnion('page', [
  z.object({ page: z.literal('shop'), game: shopGameSchema }),
  z.object({ page: z.literal('sdks') }),
]);
export type RenderedPage = z.infer<typeof renderedPageSchema>;

/** What a render is given besides the path and scheme: the page's replies, the bytes its endpoints send. */
type PageData =
  | { page: 'shop'; products: string; groups: string; testPayments: boolean }
  | { page: 'sdks'; sdks: string };

/** What the web build's render module (apps/web/src/prerender.tsx, built into apps/web/dist-ssr) offers. */
interface RenderModule {
  renderServerDocument(template: string, input: { path: string; scheme: Scheme } & PageData): Promise<string>;
}

/**
 * The least time between two renders of one page. Stock changes with every order (reservations), so a busy
 * shop's catalog can change several times a second, and a render costs 25–80 ms of this process's one thread:
 * a page rendered less than this long ago is sent as it is, and the app shows the catalog as it is now right
 * after it hydrates (it asks the API then, as on any visit).
 */
const RENDER_INTERVAL_MS = 5_000;

export interface PageRenderer {
  /** The page at `path` as a whole document in `scheme`, with its data as it is now. */
  render(path: string, page: RenderedPage, scheme: Scheme): Promise<string>;
}

/**
 * The pages whose data only the server knows, in the first response (decision 0062): the shops with the
 * catalog replies of the app's catalog cache (the bytes the catalog endpoints send) and the payment mode, the
 * SDK page with the archives on disk. A page is rendered once per path, scheme and data (a shop's catalog is
 * named by its replies' ETags) and kept until the data changes, at most once per RENDER_INTERVAL_MS, so a
 * request costs the data's lookups; renders of one page share one promise. The render module (3.6 MB, React and MUI) is imported on the first such
 * page, never if none is asked for.
 */
export function pageRenderer(opts: {
  modulePath: string;
  template: string;
  catalog: CatalogCache;
  sdkList: () => unknown;
  testPayments: boolean;
  clock: Clock;
}): PageRenderer {
  let renderModule: Promise<RenderModule> | null = null;
  const latest = new Map<string, { version: string; renderedAt: number; html: Promise<string> }>();

  /** The page's data now, and what names it (equal names, equal pages). */
  const dataOf = async (page: RenderedPage): Promise<{ data: PageData; version: string }> => {
    if (page.page === 'sdks') {
      const sdks = JSON.stringify(opts.sdkList());
      return { data: { page: 'sdks', sdks }, version: sdks };
    }
    const [products, groups] = await Promise.all([
      opts.catalog.reply(page.game, 'products'),
      opts.catalog.reply(page.game, 'groups'),
    ]);
    return {
      data: { page: 'shop', products: products.body, groups: groups.body, testPayments: opts.testPayments },
      version: `${products.etag} ${groups.etag}`,
    };
  };

  return {
    async render(path, page, scheme) {
      const { data, version } = await dataOf(page);
      const key = `${path} ${scheme}`;
      const cached = latest.get(key);
      const now = opts.clock.now().getTime();
      if (cached && (cached.version === version || now - cached.renderedAt < RENDER_INTERVAL_MS))
        return cached.html;
      renderModule ??= import(pathToFileURL(opts.modulePath).href) as Promise<RenderModule>;
      const html = renderModule.then((module) =>
        module.renderServerDocument(opts.template, { path, scheme, ...data }),
      );
      latest.set(key, { version, renderedAt: now, html });
      // A failed render is not kept: the next request tries again.
      html.catch(() => {
        if (latest.get(key)?.html === html) latest.delete(key);
      });
      return html;
    },
  };
}
