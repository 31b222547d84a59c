import { OIDC_MESSAGES } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, signInAdminInStorage, signInPlayerInStorage } from '../../test/render';
import ActivatePage from './ActivatePage';
import AppsPage from './AppsPage';
import { AppsWithAccessSection } from './AppsWithAccessSection';
import AuthorizePage from './AuthorizePage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

type Answer = (init: RequestInit) => Response;

/** A fake server by method and path; records the calls with their bodies and bearer tokens. */
function server(routes: Record<string, Answer>) {
  const calls: { method: string; url: string; body: unknown; auth: string | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({
        method,
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        auth: (init.headers as Record<string, string>).Authorization,
      });
      const answer = routes[`${method} ${url}`];
      return answer ? answer(init) : jsonResponse({ message: `no route ${method} ${url}` }, 404);
    }),
  );
  return calls;
}

const interaction = (prompt: 'login' | 'consent', firstParty = false) => ({
  uid: 'u1',
  prompt,
  client: { client_id: 'partner', name: 'Partner Site', first_party: firstParty },
  scopes: ['openid', 'email'],
});

/** window.location.assign cannot be spied on in jsdom; the page's follow goes through it. */
function stubAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

const loginRoute = { path: '/login', element: <p>Login page</p> };

describe('/authorize/{uid}', () => {
  it('shows a visitor which app asks for what and sends them to sign in, coming back here', async () => {
    server({ 'GET /api/oidc/interaction/u1': () => jsonResponse(interaction('login')) });
    const user = userEvent.setup();
    renderRoutes([{ path: '/authorize/:uid', element: <AuthorizePage /> }, loginRoute], '/authorize/u1');
    expect(await screen.findByRole('heading', { name: 'Partner Site' })).toBeInTheDocument();
    expect(screen.getByText('Third-party app')).toBeInTheDocument();
    expect(screen.getByText('Your email address')).toBeInTheDocument();
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', '/login?next=%2Fauthorize%2Fu1');
    await user.click(signIn);
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  it('a signed-in player finishes the sign-in step with the portal session and follows the provider', async () => {
    signInPlayerInStorage();
    const assign = stubAssign();
    const calls = server({
      'GET /api/oidc/interaction/u1': () => jsonResponse(interaction('login', true)),
      'POST /api/oidc/interaction/u1/login': () => jsonResponse({ redirect_to: '/oidc/auth/u1' }),
    });
    renderRoutes([{ path: '/authorize/:uid', element: <AuthorizePage /> }], '/authorize/u1');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/oidc/auth/u1'));
    expect(screen.getByText('By the publisher')).toBeInTheDocument();
    const login = calls.filter((c) => c.url.endsWith('/login'));
    expect(login).toHaveLength(1);
    expect(login[0]!.auth).toMatch(/^Bearer /);
  });

  it('asks consent of a third-party app: Deny answers approve false', async () => {
    signInPlayerInStorage();
    const assign = stubAssign();
    const calls = server({
      'GET /api/oidc/interaction/u1': () => jsonResponse(interaction('consent')),
      'POST /api/oidc/interaction/u1/consent': () => jsonResponse({ redirect_to: '/oidc/auth/u1' }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/authorize/:uid', element: <AuthorizePage /> }], '/authorize/u1');
    await user.click(await screen.findByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/oidc/auth/u1'));
    expect(calls.find((c) => c.url.endsWith('/consent'))?.body).toEqual({ approve: false });
  });

  it("shows the server's refusal of the account and of an expired request", async () => {
    signInPlayerInStorage();
    server({
      'GET /api/oidc/interaction/u1': () => jsonResponse(interaction('login')),
      'POST /api/oidc/interaction/u1/login': () =>
        jsonResponse({ message: 'Your account has been suspended.' }, 403),
      'GET /api/oidc/interaction/u2': () => jsonResponse({ message: OIDC_MESSAGES.interactionNotFound }, 404),
    });
    renderRoutes([{ path: '/authorize/:uid', element: <AuthorizePage /> }], '/authorize/u1');
    expect(await screen.findByText('Your account has been suspended.')).toBeInTheDocument();
    renderRoutes([{ path: '/authorize/:uid', element: <AuthorizePage /> }], '/authorize/u2');
    expect(await screen.findByText(OIDC_MESSAGES.interactionNotFound)).toBeInTheDocument();
  });
});

describe('/activate', () => {
  const device = {
    user_code: 'WDJB-MJHT',
    client: { client_id: 'demo-launcher', name: 'Demo Launcher', first_party: true },
    scopes: ['openid', 'offline_access'],
  };

  it('upper-cases the code and adds the dash; a visitor signs in first and comes back with the code', async () => {
    server({});
    const user = userEvent.setup();
    renderRoutes(
      [
        { path: '/activate', element: <ActivatePage /> },
        { path: '/login', element: <LoginEcho /> },
      ],
      '/activate',
    );
    const field = screen.getByLabelText(/Code/);
    await user.type(field, 'wdjb mjht');
    expect(field).toHaveValue('WDJB-MJHT');
    await user.click(screen.getByRole('button', { name: 'Sign in to continue' }));
    expect(await screen.findByText('next=/activate?user_code=WDJB-MJHT')).toBeInTheDocument();
  });

  it('a signed-in player sees the app and approves it', async () => {
    signInPlayerInStorage();
    const calls = server({
      'POST /api/oidc/device': () => jsonResponse(device),
      'POST /api/oidc/device/decision': () => jsonResponse({ message: OIDC_MESSAGES.deviceApproved }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/activate', element: <ActivatePage /> }], '/activate?user_code=wdjbmjht');
    expect(await screen.findByRole('heading', { name: 'Demo Launcher' })).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ user_code: 'WDJB-MJHT' });
    expect(screen.getByText('Stay signed in until you remove it')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(OIDC_MESSAGES.deviceApproved)).toBeInTheDocument();
    expect(calls[1]!.body).toEqual({ user_code: 'WDJB-MJHT', approve: true });
  });

  it("tells an expired or used code apart with the server's message", async () => {
    signInPlayerInStorage();
    server({
      'POST /api/oidc/device': (init) =>
        String(init.body).includes('BBBB')
          ? jsonResponse({ message: OIDC_MESSAGES.codeExpired }, 410)
          : jsonResponse({ message: OIDC_MESSAGES.codeUsed }, 409),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/activate', element: <ActivatePage /> }], '/activate');
    await user.type(screen.getByLabelText(/Code/), 'BBBBCCCC{Enter}');
    expect(await screen.findByText(OIDC_MESSAGES.codeExpired)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Code/));
    await user.type(screen.getByLabelText(/Code/), 'CCCCDDDD{Enter}');
    expect(await screen.findByText(OIDC_MESSAGES.codeUsed)).toBeInTheDocument();
  });
});

function LoginEcho() {
  const [params] = useSearchParams();
  const next = params.get('next');
  return <p>{`next=${next}`}</p>;
}

describe('Apps with access', () => {
  const grant = {
    id: 'g1',
    client_id: 'partner',
    name: 'Partner Site',
    scopes: ['openid', 'email'],
    first_used_at: '2026-11-20T03:00:00.000Z',
    last_used_at: null,
  };

  it('lists the apps and removes one after confirming', async () => {
    signInPlayerInStorage();
    let grants = [grant];
    const calls = server({
      'GET /api/oidc/grants': () => jsonResponse({ grants }),
      'DELETE /api/oidc/grants/g1': () => {
        grants = [];
        return jsonResponse({ message: OIDC_MESSAGES.grantRevoked });
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <AppsWithAccessSection /> }], '/');
    expect(await screen.findByText('Partner Site')).toBeInTheDocument();
    expect(screen.getByText(/Last used never/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Partner Site' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(OIDC_MESSAGES.grantRevoked)).toBeInTheDocument();
    expect(await screen.findByText('No apps can sign you in.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('offers Try again when the list cannot be read', async () => {
    signInPlayerInStorage();
    server({ 'GET /api/oidc/grants': () => jsonResponse({ message: 'Server trouble.' }, 500) });
    renderRoutes([{ path: '/', element: <AppsWithAccessSection /> }], '/');
    expect(await screen.findByText('Server trouble.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Apps (back office)', () => {
  const app = {
    client_id: 'partner-site',
    name: 'Partner Site',
    type: 'confidential',
    redirect_uris: ['https://partner.example/cb'],
    post_logout_redirect_uris: [],
    grant_types: ['authorization_code'],
    first_party: false,
    game: null,
    disabled: false,
    created_at: '2026-11-20T03:00:00.000Z',
    updated_at: '2026-11-20T03:00:00.000Z',
  };

  it('registers a confidential app and shows its secret once; a bad redirect shows under its field', async () => {
    signInAdminInStorage();
    let clients: unknown[] = [];
    const calls = server({
      'GET /api/admin/oidc/clients': () => jsonResponse({ clients }),
      'POST /api/admin/oidc/clients': (init) => {
        const body = JSON.parse(String(init.body));
        if (body.redirect_uris[0] === 'http://evil.example')
          return jsonResponse(
            { message: 'Invalid', errors: { redirect_uris: [OIDC_MESSAGES.redirectInvalid] } },
            422,
          );
        clients = [app];
        return jsonResponse({ client_id: 'partner-site', client_secret: 's3cret' }, 201);
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <AppsPage /> }], '/');
    expect(await screen.findByText('No apps are registered yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register an app' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByLabelText(/Name/));
    await user.paste('Partner Site');
    await user.click(within(dialog).getByLabelText(/Confidential/));
    await user.click(within(dialog).getByLabelText('Redirect URIs'));
    await user.paste('http://evil.example');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText(OIDC_MESSAGES.redirectInvalid)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Redirect URIs'));
    await user.click(within(dialog).getByLabelText('Redirect URIs'));
    await user.paste('https://partner.example/cb');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await screen.findByTestId('shown-once-value')).toHaveTextContent('s3cret');
    const sent = calls.filter((c) => c.method === 'POST').at(-1)!;
    expect(sent.body).toEqual({
      name: 'Partner Site',
      type: 'confidential',
      redirect_uris: ['https://partner.example/cb'],
      post_logout_redirect_uris: [],
      grant_types: ['authorization_code', 'refresh_token'],
      first_party: false,
      game: null,
    });
    expect(sent.auth).toBe('Bearer admin-token');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('listitem', { name: 'Partner Site' })).toBeInTheDocument();
  });

  it('deletes an app after confirming', async () => {
    signInAdminInStorage();
    let clients: unknown[] = [app];
    server({
      'GET /api/admin/oidc/clients': () => jsonResponse({ clients }),
      'DELETE /api/admin/oidc/clients/partner-site': () => {
        clients = [];
        return jsonResponse({ message: 'The app is deleted.' });
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <AppsPage /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The app is deleted.')).toBeInTheDocument();
    expect(await screen.findByText('No apps are registered yet.')).toBeInTheDocument();
  });
});
