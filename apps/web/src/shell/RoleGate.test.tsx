import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, signInAdminInStorage } from '../test/render';
import { RoleGate } from './RoleGate';

const page = (path: string, text: string, need?: string): RouteObject => ({
  path,
  handle: { title: text, need },
  element: (
    <RoleGate>
      <p>{text}</p>
    </RoleGate>
  ),
});

const routes = [
  page('/mlg/admin/dashboard', 'dashboard page', 'analytics.read'),
  page('/mlg/admin/staff', 'staff page', 'staff.manage'),
  page('/mlg/admin/allUsers', 'players page', 'players.read'),
  page('/mlg/admin/security', 'security page'),
];

function roleIs(role: string, capabilities: string[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ role, capabilities })),
  );
}

beforeEach(() => signInAdminInStorage());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('RoleGate', () => {
  it('shows the page its role may open', async () => {
    roleIs('owner', ['staff.manage', 'players.read']);
    renderRoutes(routes, '/mlg/admin/staff');
    expect(await screen.findByText('staff page')).toBeInTheDocument();
  });

  it("shows one clear page, naming the role, for a page the role can't open", async () => {
    roleIs('analyst', ['players.read', 'analytics.read']);
    renderRoutes(routes, '/mlg/admin/staff');
    expect(await screen.findByRole('heading', { name: "Your role can't open this" })).toBeInTheDocument();
    expect(screen.getByText(/Your role \(analyst\) doesn't include this page\./)).toBeInTheDocument();
    expect(screen.queryByText('staff page')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to a page you can open' })).toHaveAttribute(
      'href',
      '/mlg/admin/allUsers',
    );
  });

  it('sends a role without the dashboards from the sign-in landing to the players table', async () => {
    roleIs('support', ['players.read', 'players.act']);
    const router = renderRoutes(routes, '/mlg/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mlg/admin/allUsers'));
    expect(await screen.findByText('players page')).toBeInTheDocument();
  });

  it('pages that need only a signed-in staff member open for every role', async () => {
    roleIs('support', ['players.read']);
    renderRoutes(routes, '/mlg/admin/security');
    expect(await screen.findByText('security page')).toBeInTheDocument();
  });
});
