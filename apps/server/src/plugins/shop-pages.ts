import { pathToFileURL } from 'node:url';
import type { ShopGame } from '@portal/contract';
import type { CatalogCache } from '../modules/shop/index';

type Scheme = 'light' | 'dark';

/** What the web build's render module (apps/web/src/prerender.tsx, built into apps/web/dist-ssr) offers. */
interface RenderModule {
  renderShopDocument(
    template: string,
    input: { path: string; scheme: Scheme; products: string; groups: string; testPayments: boolean },
  ): Promise<string>;
}

export interface ShopPageRenderer {
  /** The shop page at `path` (a shop of `game`) as a whole document in `scheme`, with the current catalog. */
  render(path: string, game: ShopGame, scheme: Scheme): Promise<string>;
}

/**
 * The shop pages in the first response (decision 0062): rendered here with the web build's render module and
 * the catalog replies of the app's catalog cache, the same bytes the catalog endpoints send. A page is
 * rendered once per path, scheme and catalog (the replies' ETags name it) and kept until the catalog changes,
 * so a request costs two cache lookups; renders of one page share one promise. The module (3.6 MB, React and
 * MUI) is imported on the first shop page, never if none is asked for.
 */
export function shopPageRenderer(opts: {
  modulePath: string;
  template: string;
  catalog: CatalogCache;
  testPayments: boolean;
}): ShopPageRenderer {
  let renderModule: Promise<RenderModule> | null = null;
  const latest = new Map<string, { catalog: string; html: Promise<string> }>();
  return {
    async render(path, game, scheme) {
      const [products, groups] = await Promise.all([
        opts.catalog.reply(game, 'products'),
        opts.catalog.reply(game, 'groups'),
      ]);
      const key = `${path} ${scheme}`;
      const catalog = `${products.etag} ${groups.etag}`;
      const cached = latest.get(key);
      if (cached?.catalog === catalog) return cached.html;
      renderModule ??= import(pathToFileURL(opts.modulePath).href) as Promise<RenderModule>;
      const html = renderModule.then((module) =>
        module.renderShopDocument(opts.template, {
          path,
          scheme,
          products: products.body,
          groups: groups.body,
          testPayments: opts.testPayments,
        }),
      );
      latest.set(key, { catalog, html });
      // A failed render is not kept: the next request tries again.
      html.catch(() => {
        if (latest.get(key)?.html === html) latest.delete(key);
      });
      return html;
    },
  };
}
