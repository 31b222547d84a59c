import type { Page } from '@playwright/test';
import { totpCodeAt } from '../../apps/server/src/modules/mfa/totp';

const STEP_MS = 30_000;

/**
 * The code an authenticator app would show, never one of a time step already used: the server accepts a
 * code once (its step must be later than the last one used) and the steps around the current one. When
 * the next unused step is more than one ahead, waits until it is in reach.
 */
export function authenticator(secret: string) {
  let lastStep = Number.NEGATIVE_INFINITY;
  return async (page: Page) => {
    const current = Math.floor(Date.now() / STEP_MS);
    const step = Math.max(current, lastStep + 1);
    if (step > current + 1) await page.waitForTimeout((step - 1) * STEP_MS - Date.now() + 500);
    lastStep = step;
    return totpCodeAt(secret, new Date(step * STEP_MS));
  };
}
