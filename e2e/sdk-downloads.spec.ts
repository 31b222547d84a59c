import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';

/** The Python SDK's version, as its sdk.json lists it (the archive is named after it). */
const PYTHON_VERSION = (
  JSON.parse(readFileSync(new URL('../sdks/python/sdk.json', import.meta.url), 'utf8')) as { version: string }
).version;

test('the SDK page lists seven archives and a download matches its checksum', async ({ page }) => {
  await page.goto('/sdk-downloads');
  await expect(page.getByRole('heading', { name: 'SDK Downloads' })).toBeVisible();
  for (const language of ['JavaScript', 'Python', 'PHP', '.NET / C#', 'Go', 'Java', 'Ruby']) {
    await expect(page.getByRole('heading', { name: language, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Node.js 18+', { exact: false })).toBeVisible();
  const shown = (await page.getByTestId('sha256-python').textContent())?.trim();
  expect(shown).toMatch(/^[0-9a-f]{64}$/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the Python SDK' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`caliber-portal-sdk-python-${PYTHON_VERSION}.zip`);
  const bytes = await readFile((await download.path())!);
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(shown);
});

test('at phone width the SDK page explains the game-server loop without sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/sdk-downloads');
  const guide = page.getByRole('region', { name: 'Hand over purchases on your game server' });
  await expect(guide.getByRole('heading', { name: 'When a webhook arrives' })).toBeVisible();
  await expect(guide.getByRole('heading', { name: 'Or by polling' })).toBeVisible();
  await guide.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('sdk-guide-phone.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
