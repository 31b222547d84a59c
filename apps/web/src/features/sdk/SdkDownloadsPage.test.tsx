import { screen } from '@testing-library/react';
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
});
