import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';

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
  expect(download.suggestedFilename()).toBe('caliber-portal-sdk-python-1.1.0.zip');
  const bytes = await readFile((await download.path())!);
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(shown);
});
