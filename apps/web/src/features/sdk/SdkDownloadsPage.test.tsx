import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, renderWithQueryClient } from '../../test/render';
import SdkDownloadsPage from './SdkDownloadsPage';

afterEach(() => vi.unstubAllGlobals());

describe('SdkDownloadsPage', () => {
  it("lists each archive without the build's internal notes", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          sdks: [
            {
              id: 'php',
              language: 'PHP',
              version: '1.0.0',
              targets: 'PHP 8.1+',
              checked: 'Not checked here: no PHP toolchain on the build machine (run php -l src/*.php)',
              fileName: 'caliber-portal-php-1.0.0.zip',
              size: 4096,
              sha256: 'ab'.repeat(32),
              downloadUrl: '/sdk/caliber-portal-php-1.0.0.zip',
            },
          ],
        }),
      ),
    );
    renderWithQueryClient(<SdkDownloadsPage />);
    expect(
      await screen.findByRole('link', { name: 'Download the PHP SDK, caliber-portal-php-1.0.0.zip' }),
    ).toBeInTheDocument();
    expect(screen.getByText('PHP 8.1+')).toBeInTheDocument();
    expect(screen.queryByText(/Not checked here/)).toBeNull();
    expect(screen.queryByText(/toolchain/)).toBeNull();
  });

  it('explains the game-server loop: webhook → verify → grant → consume, or poll, and clawbacks', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ sdks: [] })),
    );
    renderWithQueryClient(<SdkDownloadsPage />);
    expect(
      await screen.findByText('No SDK archives have been built on this server yet.'),
    ).toBeInTheDocument();
    const guide = screen.getByRole('region', { name: 'Hand over purchases on your game server' });
    expect(
      within(guide).getByRole('heading', { level: 3, name: 'When a webhook arrives' }),
    ).toBeInTheDocument();
    expect(within(guide).getByRole('heading', { level: 3, name: 'Or by polling' })).toBeInTheDocument();
    const [byWebhook, byPolling] = within(guide).getAllByRole('list');
    expect(
      within(byWebhook!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Verify the Portal-Signature header over the raw request body with verifyWebhook. Answer 400 to a request it refuses.',
      'On entitlement.granted, give the player the items in the game, once per entitlement id.',
      'Consume the entitlement, then answer with any 2xx status.',
      'On entitlement.revoked with clawback true (refunded after you handed it over), take the items back.',
    ]);
    expect(within(byPolling!).getAllByRole('listitem')).toHaveLength(3);
    expect(
      within(guide).getByText('verifyWebhook(header, rawBody, secret, toleranceSeconds = 300)'),
    ).toBeInTheDocument();
  });

  it('explains player safety: standing at match start, chat sanctions, reports and the sanction events', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ sdks: [] })),
    );
    renderWithQueryClient(<SdkDownloadsPage />);
    const guide = await screen.findByRole('region', { name: 'Keep sanctioned players out of your matches' });
    expect(
      within(guide)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      "At match start, read each player's standing and keep out a player it marks banned (an account ban, or a ban from your game).",
      'Mute a player with a chat sanction: the portal does not see your chat, your game does.',
      "When a player reports another in your game, send reportPlayer with the category, the reporter and the match as context. The portal's staff work every report from one queue.",
    ]);
    for (const name of [
      'getStanding(player)',
      'reportPlayer(report)',
      'player.sanctioned',
      'player.sanction_lifted',
    ])
      expect(within(guide).getByText(name)).toBeInTheDocument();
  });

  it('explains sign-in on consoles and TVs with the device flow', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ sdks: [] })),
    );
    renderWithQueryClient(<SdkDownloadsPage />);
    const guide = await screen.findByRole('region', { name: 'Sign in on consoles and TVs' });
    expect(
      within(guide)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Call startDeviceLogin and show the code and the address it returns (for example /activate on this portal).',
      "Call pollDeviceToken: it waits as long as the portal asks between polls and answers the player's tokens once the code is approved.",
      'Keep the refresh token and call refreshTokens when the access token expires.',
    ]);
    expect(within(guide).getByText('access_denied')).toBeInTheDocument();
    expect(within(guide).getByText('expired_token')).toBeInTheDocument();
  });
});
