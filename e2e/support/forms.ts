import { expect, type Locator } from '@playwright/test';

/**
 * Presses Enter in a field of a prerendered form once the app can send it: until then its submit button waits,
 * showing it is getting ready, and Enter sends nothing (decision 0070), as a person sees.
 */
export async function sendWithEnter(field: Locator): Promise<void> {
  await expect(field.locator('xpath=ancestor::form[1]').locator('button[type="submit"]')).toBeEnabled();
  await field.press('Enter');
}
