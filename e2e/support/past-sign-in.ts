import { expect, test } from '@playwright/test';
import { E2E } from './ports';

/**
 * Runs the tests of the file or describe that calls it on E2E.pastSignInPortal, where a sign-in is never a
 * recent proof by itself (decision 0063): the server itself asks "Confirm it's you" there, as it does on any
 * portal once a session is past its first five minutes. That portal starts beside the main one, which is all
 * Playwright waits for: the tests wait until it answers, on a clock of their own.
 */
export function onThePastSignInPortal(): void {
  test.use({ baseURL: E2E.pastSignInPortal.baseUrl });
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await expect
      .poll(async () => (await fetch(`${E2E.pastSignInPortal.baseUrl}/readyz`).catch(() => null))?.status, {
        timeout: 110_000,
      })
      .toBe(200);
  });
}
