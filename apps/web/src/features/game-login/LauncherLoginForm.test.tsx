import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/render';
import LoginApiCheckPage from './LoginApiCheckPage';
import LoginApiPage from './LoginApiPage';
import LoginApiPinPage from './LoginApiPinPage';

afterEach(() => vi.unstubAllGlobals());

const renderPinPage = (url: string) =>
  renderRoutes([{ path: '/loginapipin', element: <LoginApiPinPage /> }], url);

describe('launcher PIN login', () => {
  it('keeps Continue disabled until the PIN has 4 digits, and clears the PIN after a refusal', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({ data: { errorMessage: 'The PIN is not correct.', errorCode: 'INVALID_PIN' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPinPage('/loginapipin?user=ann%40example.com&developer=1');
    const u = userEvent.setup();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    const pin = screen.getByLabelText(/^PIN \(4 digits\)/);
    await u.type(pin, '12a3');
    expect(pin).toHaveValue('123');
    expect(continueButton).toBeDisabled();
    await u.type(pin, '4');
    await waitFor(() => expect(continueButton).toBeEnabled());
    await u.click(continueButton);

    expect(await screen.findByRole('alert')).toHaveTextContent('The PIN is not correct.');
    expect(pin).toHaveValue('');
    expect(continueButton).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login-pin-caliber');
    expect(JSON.parse(String(init.body))).toEqual({ user: 'ann@example.com', pin: '1234', developer: '1' });
  }, 30_000);

  it('shows a 422 under its field rather than in the banner', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          { message: 'Enter your email address.', errors: { user: ['Enter your email address.'] } },
          422,
        ),
      ),
    );
    renderPinPage('/loginapipin');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/^Email/), 'someone');
    await u.type(screen.getByLabelText(/^PIN/), '1234');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Enter your email address.'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  }, 30_000);
});

describe('launcher pages', () => {
  it('/loginapicheck sends a remembered player to the PIN page, keeping developer', async () => {
    renderRoutes(
      [
        { path: '/loginapicheck', element: <LoginApiCheckPage /> },
        { path: '/loginapipin', element: <p>pin page</p> },
      ],
      '/loginapicheck?user=a%40b.c&developer=1',
    );
    expect(await screen.findByText('pin page')).toBeInTheDocument();
  });

  it('shows errorMessage in a red banner', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          data: { errorMessage: 'The email or password is not correct.', errorCode: 'INVALID_CREDENTIALS' },
        }),
      ),
    );
    renderRoutes([{ path: '/loginapi', element: <LoginApiPage /> }], '/loginapi?developer=true');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/^Email/), 'a@b.c');
    await u.type(screen.getByLabelText(/^Password\s*\*?$/), 'x');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is not correct.');
    const [, init] = vi.mocked(fetch).mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ email: 'a@b.c', password: 'x', developer: 'true' });
  }, 30_000);

  it("shows a sanction's refusal with a link to the standing page that carries the standing token", async () => {
    const message =
      'Your account is banned from Caliber until 2030-02-01 (Cheating). See your account standing.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          data: { errorMessage: message, errorCode: 'ACCOUNT_SANCTIONED', standingToken: 'st.signed+token' },
        }),
      ),
    );
    renderRoutes([{ path: '/loginapi', element: <LoginApiPage /> }], '/loginapi');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/^Email/), 'a@b.c');
    await u.type(screen.getByLabelText(/^Password\s*\*?$/), 'x');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'See your account standing' })).toHaveAttribute(
      'href',
      '/standing#token=st.signed%2Btoken',
    );
  }, 30_000);
});
