/**
 * The first screens in the first response, built by `vite build --ssr` into one self-contained module
 * (dist-ssr/prerender.js): the public entry screens rendered once at build by scripts/prerender-web.mjs
 * (decision 0050), and the shops rendered by the server with the catalog from its cache (decision 0062).
 * Each page is rendered with React's own static renderer inside the app's providers and router (the same
 * tree start.tsx hydrates), in light or in dark, with Emotion's critical CSS.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import {
  gamePageHref,
  groupsReplySchema,
  productsReplySchema,
  ROUTE_GAMES,
  type ShopGame,
  sdkListReplySchema,
} from '@portal/contract';
import { type DehydratedState, dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { seedPaymentMode } from './features/payments';
import { seedSdkList } from './features/sdk/api';
import { seedCatalog } from './features/shop/api';
import { topImages } from './features/shop/components';
import { createRoutes } from './router';
import { documentTitle } from './shell/PageTitle';
import { AppProviders, createQueryClient } from './shell/Providers';
import { PAGES } from './shell/pages';
import { createAppTheme, type Mode } from './shell/theme';

/**
 * The screens a visitor opens first that look the same for everyone: no session, no per-visitor data, so
 * nothing in them depends on the device but its colour scheme; they hide the chrome (their route says so).
 * Not /register: its only control is the game picker, a controlled select that navigates, and a game picked
 * before the app has hydrated would navigate to /register/ (React restores the controlled value first).
 */
export const PRERENDERED_PATHS = [
  PAGES.login.path,
  ...ROUTE_GAMES.map((game) => gamePageHref('login', game)),
  ...ROUTE_GAMES.map((game) => gamePageHref('register', game)),
  PAGES.forgotPassword.path,
  PAGES.resendConfirmation.path,
];

export const SCHEMES: readonly Mode[] = ['light', 'dark'];

/**
 * The pages the server renders with their data (decision 0062), which it knows and the build does not: the
 * shops with their catalog and the payment mode, for a signed-in player (the same for every player; the
 * cart's count arrives after hydration), and the SDK page with the archives the server has, for anyone. Both
 * have the chrome, whose width state is CSS (decision 0061).
 */
type ServerRenderedPage = { page: 'shop'; game: ShopGame } | { page: 'sdks' };
export const SERVER_RENDERED: Record<string, ServerRenderedPage> = {
  [PAGES.webshop.path]: { page: 'shop', game: 'yggdra' },
  [PAGES.talesRunnerWebshop.path]: { page: 'shop', game: 'talesrunner' },
  [PAGES.sdkDownloads.path]: { page: 'sdks' },
};

/** Who the page is rendered for: a visitor with nothing stored, or a player whose stored session is unchecked. */
type Session = 'none' | 'player';

/**
 * Local storage as the app reads it (lib/storage.ts): no interface preference but the colour scheme, which the
 * client takes from the device until one is chosen, and for a player page a stored player session (a token
 * no request is ever made with: nothing is fetched while rendering).
 */
function presetStorage(scheme: Mode, session: Session): void {
  const values: Record<string, string> = { darkMode: String(scheme === 'dark') };
  if (session === 'player') Object.assign(values, { token: 'server-render', isAuthenticated: 'true' });
  Object.assign(globalThis, {
    localStorage: {
      getItem: (key: string) => values[key] ?? null,
      setItem: () => undefined,
      removeItem: () => undefined,
      clear: () => undefined,
    },
  });
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * While the script has not run, a device whose colour scheme is not the prerendered one sees its own
 * background rather than the other scheme's page (start.tsx then renders the page in the right scheme).
 */
function schemeGuard(scheme: Mode): string {
  const other: Mode = scheme === 'dark' ? 'light' : 'dark';
  const background = createAppTheme(other, 'primary').palette.background.default;
  const root = `#root[data-prerendered="${scheme}"]`;
  return (
    `<style>@media (prefers-color-scheme: ${other}) {${root}{visibility:hidden}` +
    `html:has(${root}){background:${background};color-scheme:${other}}}</style>`
  );
}

interface RenderedPage {
  /** The page's markup, to go inside #root. */
  html: string;
  /** Emotion's style tags for that markup, and the scheme guard, to go into <head>. */
  head: string;
  title: string;
  scheme: Mode;
  session: Session;
  /** The query cache the page was rendered with (TanStack Query's dehydrated state), for start.tsx. */
  data: DehydratedState;
  /** Same-origin pictures at the top of the page (the largest paint), fetched before the scripts. */
  images: string[];
}

/** The render under way: renders take turns, as each one presets the one local storage it reads. */
let turn: Promise<unknown> = Promise.resolve();

/**
 * Renders one path in one colour scheme, once the router has loaded the path's lazy routes, with the data
 * `seed` puts in the query cache (nothing is fetched while rendering). One at a time.
 */
function renderPage(
  path: string,
  scheme: Mode,
  session: Session,
  seed: (client: QueryClient) => void = () => undefined,
): Promise<Omit<RenderedPage, 'images'>> {
  const rendered = turn.then(() => renderAlone(path, scheme, session, seed));
  turn = rendered.catch(() => undefined);
  return rendered;
}

async function renderAlone(
  path: string,
  scheme: Mode,
  session: Session,
  seed: (client: QueryClient) => void,
): Promise<Omit<RenderedPage, 'images'>> {
  presetStorage(scheme, session);
  const client = createQueryClient();
  seed(client);
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
  const { location, matches } = router.state;
  if (location.pathname !== path || matches.length === 0) {
    throw new Error(`prerender: ${path} does not render itself (it went to ${location.pathname})`);
  }
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const { prelude } = await prerender(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders client={client} sentDrawn>
          <RouterProvider router={router} />
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
    // React moves a large Suspense boundary (the side navigation) out of place, to be put back by an inline
    // script that the CSP (script-src 'self') blocks: every boundary stays in place, whatever its size.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await readAll(prelude);
  // A part that still waited for something (a lazy part, data) would be finished by such a script.
  if (html.includes('<script'))
    throw new Error(`prerender: ${path} needs an inline script to finish, which the CSP blocks`);
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  router.dispose();
  const title = documentTitle(matches.map((match) => ({ handle: match.route.handle })));
  const data = dehydrate(client);
  client.clear();
  return { html, head: styles + schemeGuard(scheme), title, scheme, session, data };
}

const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
const escapeAttribute = (text: string) => escapeText(text).replaceAll('"', '&quot;');

/**
 * A form sent before the app has hydrated (Enter pressed, or a password manager's auto-submit, while the
 * script still loads) would go as a GET to the page itself, the password in the address. Until then each
 * form posts to `/prerendered<path>` instead, which the server answers with the page again (303); the app's
 * own submit handler takes over once hydrated (in production React leaves the extra attributes alone).
 */
function formsBeforeScript(html: string, path: string): string {
  return html.replaceAll('<form ', `<form method="post" action="/prerendered${path}" `);
}

/**
 * The built index.html with the page in #root (marked with the scheme and session it was rendered for,
 * which start.tsx compares with its visitor's), its styles in <head>, its title, and the query cache it was
 * rendered with as JSON data (`<` escaped: no text of it can close the script element).
 */
function pageDocument(template: string, path: string, page: RenderedPage): string {
  const session = page.session === 'player' ? ' data-session="player"' : '';
  const data =
    page.data.queries.length > 0
      ? `<script type="application/json" id="portal-data">${JSON.stringify(page.data).replaceAll('<', '\\u003c')}</script>`
      : '';
  const parts: [string, string][] = [
    [
      '<title>Games Portal</title>',
      `<title>${escapeText(page.title)}</title>` +
        page.images
          .map((src) => `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(src)}">`)
          .join(''),
    ],
    ['</head>', `${page.head}</head>`],
    [
      '<div id="root"></div>',
      `<div id="root" data-prerendered="${page.scheme}"${session}>${formsBeforeScript(page.html, path)}</div>${data}`,
    ],
  ];
  return parts.reduce((html, [from, to]) => {
    if (!html.includes(from)) throw new Error(`prerender: index.html has no ${from}`);
    return html.replace(from, () => to);
  }, template);
}

/** One of PRERENDERED_PATHS as a whole document, from the built index.html (scripts/prerender-web.mjs). */
export async function prerenderDocument(template: string, path: string, scheme: Mode): Promise<string> {
  return pageDocument(template, path, { ...(await renderPage(path, scheme, 'none')), images: [] });
}

/**
 * What the server hands over for a page of SERVER_RENDERED: its replies, the bytes its endpoints send (a
 * shop's catalog and groups, the SDK list), and for a shop the payment mode.
 */
export type ServerRenderInput = { path: string; scheme: Mode } & (
  | { page: 'shop'; products: string; groups: string; testPayments: boolean }
  | { page: 'sdks'; sdks: string }
);

/**
 * A page of SERVER_RENDERED as a whole document, rendered by the server (apps/server, decision 0062): the
 * replies are read as the app reads them (the contract's schemas) before they are drawn.
 */
export async function renderServerDocument(template: string, input: ServerRenderInput): Promise<string> {
  const page = SERVER_RENDERED[input.path];
  if (page?.page !== input.page) throw new Error(`render: ${input.path} is no ${input.page} page`);
  const rendered =
    page.page === 'shop' && input.page === 'shop'
      ? await renderShop(input, page.game)
      : {
          ...(await renderPage(input.path, input.scheme, 'none', (client) => {
            if (input.page === 'sdks') seedSdkList(client, sdkListReplySchema.parse(JSON.parse(input.sdks)));
          })),
          images: [],
        };
  return pageDocument(template, input.path, rendered);
}

async function renderShop(
  input: Extract<ServerRenderInput, { page: 'shop' }>,
  game: ShopGame,
): Promise<RenderedPage> {
  const { products } = productsReplySchema.parse(JSON.parse(input.products));
  const { groups } = groupsReplySchema.parse(JSON.parse(input.groups));
  const page = await renderPage(input.path, input.scheme, 'player', (client) => {
    seedCatalog(client, game, { products, groups });
    seedPaymentMode(client, input.testPayments);
  });
  return { ...page, images: topImages(products) };
}
