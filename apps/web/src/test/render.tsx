import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../shell/Providers';

/** Renders routes inside the portal's providers at the given URL; returns the router to inspect its location. */
export function renderRoutes(routes: RouteObject[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

export function signInPlayerInStorage(role?: string) {
  localStorage.setItem('token', 'player-token');
  localStorage.setItem('isAuthenticated', 'true');
  localStorage.setItem('user', JSON.stringify({ name: 'Ann Player', email: 'ann@example.com' }));
  if (role) localStorage.setItem('role', role);
}

export function signInAdminInStorage() {
  localStorage.setItem('admin_token', 'admin-token');
  localStorage.setItem('adminAuthenticated', 'true');
  localStorage.setItem('admin', JSON.stringify({ name: 'Staff' }));
}
