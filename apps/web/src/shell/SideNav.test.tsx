import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  jsonResponse,
  renderRoutes,
  signInAdminInStorage,
  signInPlayerInStorage,
  stubWindowWidth,
} from '../test/render';
import { SideNav } from './SideNav';
import { useUiState } from './ui-state';

function renderNav(url = '/login') {
  return renderRoutes(
    [
      { path: '/:section?', element: <SideNav /> },
      { path: '/:section/:game', element: <SideNav /> },
      { path: '/mlg/admin/:page', element: <SideNav /> },
    ],
    url,
  );
}

const link = (name: string) => screen.queryByRole('link', { name: new RegExp(`^${name}`) });

describe('SideNav', () => {
  it('offers LOGIN and REGISTER to a visitor, with the route game when it is valid', () => {
    renderNav('/login/caliber');
    expect(link('LOGIN')).toHaveAttribute('href', '/login/caliber');
    expect(link('REGISTER')).toHaveAttribute('href', '/register/caliber');
    expect(link('LOGIN')).toHaveAttribute('aria-current', 'page');
    expect(link('PROFILE')).toBeNull();
    expect(link('Game Site')).toHaveAttribute('target', '_blank');
    expect(link('Customer Support')).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(link('SALES DASHBOARD')).toBeNull();
  });

  it('links to the bare pages when the route game is not a login game', () => {
    renderNav('/login/yggdra');
    expect(link('LOGIN')).toHaveAttribute('href', '/login');
    expect(link('REGISTER')).toHaveAttribute('href', '/register');
  });

  it('adds ADMIN LOGIN on the admin login page', () => {
    renderNav('/mlg/admin/login');
    expect(link('ADMIN LOGIN')).toHaveAttribute('href', '/mlg/admin/login');
  });

  it('offers PROFILE, EDIT PROFILE and LOGOUT to a player', () => {
    signInPlayerInStorage();
    renderNav('/profile');
    expect(link('PROFILE')).toHaveAttribute('href', '/profile');
    expect(link('EDIT PROFILE')).toHaveAttribute('href', '/editProfile');
    expect(link('SECURITY')).toHaveAttribute('href', '/security');
    expect(link('LOGOUT')).toHaveAttribute('href', '/logout');
    expect(link('LOGIN')).toBeNull();
    expect(link('SALES DASHBOARD')).toBeNull();
    expect(link('Game Site')).not.toBeNull();
  });

  it('offers a player both webshops and the order history', () => {
    signInPlayerInStorage();
    renderNav('/orders');
    expect(link('YGGDRA WEBSHOP')).toHaveAttribute('href', '/webshop');
    expect(link('TALES RUNNER WEBSHOP')).toHaveAttribute('href', '/TRWebshop');
    expect(link('MY ORDERS')).toHaveAttribute('href', '/orders');
    expect(link('MY ORDERS')).toHaveAttribute('aria-current', 'page');
  });

  it('offers no shop links to a visitor', () => {
    renderNav('/login');
    expect(link('YGGDRA WEBSHOP')).toBeNull();
    expect(link('MY ORDERS')).toBeNull();
  });

  it('adds SALES DASHBOARD in a new tab for role admin only', () => {
    signInPlayerInStorage('admin');
    renderNav('/profile');
    expect(link('SALES DASHBOARD')).toHaveAttribute('href', '/salesdashboard');
    expect(link('SALES DASHBOARD')).toHaveAttribute('target', '_blank');
  });

  it('offers the back-office to an admin, without the public links', () => {
    signInAdminInStorage();
    renderNav('/mlg/admin/dashboard');
    for (const [name, href] of [
      ['Overall Dashboard', '/mlg/admin/dashboard'],
      ['Caliber Dashboard', '/mlg/admin/caliberDashboard'],
      ['Yggdra Dashboard', '/mlg/admin/yggdraDashboard'],
      ['Yggdra Users', '/mlg/admin/yggdraUsers'],
      ['Caliber Users', '/mlg/admin/caliberUsers'],
      ['Caliber Referral Code', '/mlg/admin/referralCodes'],
      ['All Users', '/mlg/admin/allUsers'],
      ['Reports', '/mlg/admin/reports'],
      ['Appeals', '/mlg/admin/appeals'],
      ['Sanctions', '/mlg/admin/sanctions'],
      ['Caliber Developers', '/mlg/admin/developers'],
      ['Send Test Email', '/mlg/admin/send-email-blast'],
      ['Security', '/mlg/admin/security'],
      ['LOGOUT ADMIN', '/admin-logout'],
    ]) {
      expect(link(name as string)).toHaveAttribute('href', href);
    }
    expect(screen.getByRole('link', { name: 'Games' })).toHaveAttribute('href', '/mlg/admin/games');
    expect(link('LOGIN')).toBeNull();
    expect(link('Game Site')).toBeNull();
  });

  it('shows staff only the pages their role opens, once the server said what it allows', async () => {
    signInAdminInStorage();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ role: 'support', capabilities: ['players.read', 'players.act'] })),
    );
    renderNav('/mlg/admin/allUsers');
    await waitFor(() => expect(link('Overall Dashboard')).toBeNull());
    expect(link('Send Test Email')).toBeNull();
    expect(link('Audit Trail')).toBeNull();
    expect(link('Caliber Developers')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Games' })).toBeNull();
    expect(link('All Users')).toHaveAttribute('href', '/mlg/admin/allUsers');
    expect(link('Reports')).toHaveAttribute('href', '/mlg/admin/reports');
    expect(link('Appeals')).toHaveAttribute('href', '/mlg/admin/appeals');
    expect(link('Security')).toHaveAttribute('href', '/mlg/admin/security');
    expect(link('LOGOUT ADMIN')).toHaveAttribute('href', '/admin-logout');
    vi.unstubAllGlobals();
  });

  it('minimised on a desktop, shows icons whose labels stay their names and show on hover', async () => {
    signInAdminInStorage();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ role: 'owner', capabilities: ['players.read'] })),
    );
    // A laptop's width: the navigation's desktop queries match.
    stubWindowWidth(1366);
    function Minimise() {
      const { setMiniSidenav } = useUiState();
      return (
        <button type="button" onClick={() => setMiniSidenav(true)}>
          minimise
        </button>
      );
    }
    renderRoutes(
      [
        {
          path: '/mlg/admin/:page',
          element: (
            <>
              <Minimise />
              <SideNav />
            </>
          ),
        },
      ],
      '/mlg/admin/allUsers',
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'minimise' }));
    const allUsers = await screen.findByRole('link', { name: 'All Users' });
    fireEvent.mouseOver(allUsers);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('All Users');
    vi.unstubAllGlobals();
  });
});
