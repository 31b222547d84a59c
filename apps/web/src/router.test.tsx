import { SHOP_MESSAGES } from '@portal/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createRoutes, startFirstPageData } from './router';
import { AdminRoute, GuestRoute, PlayerRoute } from './shell/guards';
import { PAGE_KEYS, PAGES, type PageDeclaration } from './shell/pages';
import { aPlayer } from './test/fixtures';
import {
  createTestQueryClient,
  jsonResponse,
  renderRoutes,
  signInAdminInStorage,
  signInPlayerInStorage,
} from './test/render';

const routes = createRoutes();

/** A URL of the page: each parameter filled in (a route game where it must be one). */
const urlOf = (page: PageDeclaration) =>
  page.path.replace(/:game\??/, 'caliber').replace(/:[A-Za-z]+\??/g, 'value');

/** A shop's cart with nothing in it, as GET /api/xsolla/{game}/cart answers. */
const emptyCart = { items: [], price: { amount: '0.00', currency: 'PHP' } };

const GUARDS = { guest: GuestRoute, player: PlayerRoute, admin: AdminRoute, public: undefined };

describe('routes', () => {
  it("routes every declared page under its path, behind its audience's guard, with its declaration", () => {
    for (const key of PAGE_KEYS) {
      const page: PageDeclaration = PAGES[key];
      const matches = matchRoutes(routes, urlOf(page)) ?? [];
      expect(matches.at(-1)?.route.handle, key).toBe(page);
      const guards = matches.map((match) => (match.route.element as { type?: unknown } | undefined)?.type);
      const guard = GUARDS[page.audience];
      for (const other of Object.values(GUARDS)) {
        if (other) expect(guards.includes(other), `${key} behind ${other.name}`).toBe(other === guard);
      }
    }
  });

  it('sends an unknown login game to the bare login page', async () => {
    const router = renderRoutes(routes, '/login/fortnite');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'LOGIN' })).toBeInTheDocument();
  });

  it('sends an unknown register game to the bare register page', async () => {
    const router = renderRoutes(routes, '/register/yggdra');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });

  it('keeps a valid game and shows the login without the game picker', async () => {
    const router = renderRoutes(routes, '/login/talesrunner');
    expect(await screen.findByRole('heading', { name: 'LOGIN' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/talesrunner');
    expect(screen.queryByLabelText('Pick Your Desired Game for Login')).toBeNull();
  });

  it('shows the game picker when no game is chosen', async () => {
    renderRoutes(routes, '/login');
    const picker = await screen.findByLabelText('Pick Your Desired Game for Login');
    expect(picker).toHaveDisplayValue('Select a game');
    expect(screen.getByRole('option', { name: 'YGGDRA Rebirth' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Select a game' })).toBeDisabled();
  });

  it('redirects / and unknown paths to /login', async () => {
    const router = renderRoutes(routes, '/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('keeps a signed-in player away from the login page once the session is checked', async () => {
    signInPlayerInStorage();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ isAuthenticated: true })),
    );
    const router = renderRoutes(routes, '/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    vi.unstubAllGlobals();
  });

  it('keeps a signed-in admin away from the admin login page', async () => {
    signInAdminInStorage();
    const router = renderRoutes(routes, '/mlg/admin/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mlg/admin/dashboard'));
  });

  it('sends a visitor from an admin page to the admin login', async () => {
    const router = renderRoutes(routes, '/mlg/admin/allUsers');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mlg/admin/login'));
  });

  it('sets the page title from the route', async () => {
    renderRoutes(routes, '/login');
    await waitFor(() => expect(document.title).toBe('Login | Games Portal'));
  });

  it('gives a redirected page the title of where it ends', async () => {
    const visitor = renderRoutes(routes, '/webshop');
    await waitFor(() => expect(visitor.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(document.title).toBe('Login | Games Portal'));
    cleanup();

    signInPlayerInStorage();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ isAuthenticated: true })),
    );
    const player = renderRoutes(routes, '/register');
    await waitFor(() => expect(player.state.location.pathname).toBe('/profile'));
    await waitFor(() => expect(document.title).toBe('Profile | Games Portal'));
    vi.unstubAllGlobals();
  });

  it.each([
    {
      page: '/profile',
      request: '/api/profile',
      reply: { user: aPlayer({ email: 'ann@example.com' }) },
      shows: 'ann@example.com',
    },
    {
      page: '/orders',
      request: '/api/orders/mine',
      reply: { orders: [], next: null },
      shows: 'No orders yet',
    },
    {
      page: '/webshop/cart',
      request: '/api/xsolla/yggdra/cart',
      reply: emptyCart,
      shows: SHOP_MESSAGES.emptyCart,
    },
    {
      page: '/TRCart',
      request: '/api/xsolla/talesrunner/cart',
      reply: emptyCart,
      shows: SHOP_MESSAGES.emptyCart,
    },
  ])(
    "$page starts its own request beside the session check, with the player's token, and asks once",
    async ({ page, request, reply, shows }) => {
      signInPlayerInStorage();
      let answerCheck = () => {};
      const checked = new Promise<void>((resolve) => {
        answerCheck = resolve;
      });
      const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
        url === '/api/user-info'
          ? checked.then(() => jsonResponse({ isAuthenticated: true }))
          : // Tales Runner's cart asks for the catalog as well.
            jsonResponse(url === request ? reply : { products: [], groups: [] }),
      );
      vi.stubGlobal('fetch', fetch);
      const client = createTestQueryClient();
      renderRoutes(createRoutes(client), page, client);
      const asked = (path: string) => fetch.mock.calls.filter(([url]) => url === path);

      // The page's request goes while the session check has not answered, with the session's token.
      await waitFor(() => expect(asked('/api/user-info')).toHaveLength(1));
      await waitFor(() => expect(asked(request)).toHaveLength(1));
      expect(screen.getByText('Checking your session…')).toBeInTheDocument();
      expect(new Headers(asked(request)[0]?.[1]?.headers).get('Authorization')).toBe('Bearer player-token');

      answerCheck();
      expect(await screen.findByText(shows)).toBeInTheDocument();
      expect(asked(request)).toHaveLength(1);
      vi.unstubAllGlobals();
    },
  );

  it("starts the first page's request as the app starts, before any route exists, and the page asks no more", async () => {
    signInPlayerInStorage();
    const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
      jsonResponse(
        url === '/api/profile' ? { user: aPlayer({ email: 'ann@example.com' }) } : { isAuthenticated: true },
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const client = createTestQueryClient();
    const asked = (path: string) => fetch.mock.calls.filter(([url]) => url === path);

    startFirstPageData(client, PAGES.profile);
    await waitFor(() => expect(asked('/api/profile')).toHaveLength(1));
    expect(new Headers(asked('/api/profile')[0]?.[1]?.headers).get('Authorization')).toBe(
      'Bearer player-token',
    );

    renderRoutes(createRoutes(client), '/profile', client);
    expect(await screen.findByText('ann@example.com')).toBeInTheDocument();
    expect(asked('/api/profile')).toHaveLength(1);
    vi.unstubAllGlobals();
  });

  it('starts nothing at the start for a page without a request of its own, nor without a signed-in player', async () => {
    const fetch = vi.fn(async (_url: string) => jsonResponse({}));
    vi.stubGlobal('fetch', fetch);
    const client = createTestQueryClient();
    expect(startFirstPageData(client, PAGES.profile)).toBeUndefined();
    signInPlayerInStorage();
    expect(startFirstPageData(client, PAGES.playerSecurity)).toBeUndefined();
    expect(startFirstPageData(client, undefined)).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('starts no request for a page without a signed-in player, nor without the query client', async () => {
    const fetch = vi.fn(async (_url: string) => jsonResponse({}));
    vi.stubGlobal('fetch', fetch);
    const client = createTestQueryClient();
    const visitor = renderRoutes(createRoutes(client), '/profile', client);
    await waitFor(() => expect(visitor.state.location.pathname).toBe('/login'));
    cleanup();

    signInPlayerInStorage();
    renderRoutes(routes, '/profile');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/profile');
    vi.unstubAllGlobals();
  });
});
