import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, signInAdminInStorage } from '../test/render';
import { PlayerSearch } from './PlayerSearch';

const RUNNER = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Rhea Runner',
  email: 'rhea@example.test',
};
let urls: string[];
beforeEach(() => {
  urls = [];
  signInAdminInStorage();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const q = new URL(url, 'http://x').searchParams.get('q');
      if (q === 'broken') return jsonResponse({ message: 'The search failed.' }, 500);
      if (q === 'rhea') return jsonResponse({ players: [{ ...RUNNER, games: ['caliber', 'talesrunner'] }] });
      return jsonResponse({ players: [] });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const show = () =>
  renderRoutes(
    [
      { path: '/mlg/admin/dashboard', element: <PlayerSearch /> },
      { path: '/mlg/admin/users/:id', element: <p>Player page</p> },
    ],
    '/mlg/admin/dashboard',
  );
const box = () => screen.getByRole('combobox', { name: 'Find a player' });

describe('PlayerSearch', () => {
  it('"/" focuses the box; a result shows name, email and games, and Enter opens the player', async () => {
    const router = show();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(box()).toHaveFocus();
    fireEvent.change(box(), { target: { value: 'rhea' } });
    expect(await screen.findByText('Rhea Runner')).toBeInTheDocument();
    expect(screen.getByText('rhea@example.test')).toBeInTheDocument();
    expect(screen.getByText('Caliber, Tales Runner')).toBeInTheDocument();
    expect(urls).toEqual(['/api/admin/players/search?q=rhea']);
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/mlg/admin/users/${RUNNER.id}`));
  });

  it('says when nobody matches, and shows the server error', async () => {
    show();
    fireEvent.focus(box());
    fireEvent.change(box(), { target: { value: 'nobody' } });
    expect(await screen.findByText('No player found.')).toBeInTheDocument();
    fireEvent.change(box(), { target: { value: 'broken' } });
    expect(await screen.findByText('The search failed.')).toBeInTheDocument();
  });

  it('"/" typed inside a field is just a character', () => {
    show();
    const other = document.createElement('input');
    document.body.append(other);
    other.focus();
    fireEvent.keyDown(other, { key: '/' });
    expect(other).toHaveFocus();
    other.remove();
  });
});
