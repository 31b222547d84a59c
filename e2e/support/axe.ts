import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/** WCAG 2.1 A and AA, plus axe's best practices (landmarks, one h1, heading order). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The impacts that fail a page. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** Page structure rules that fail a page whatever their impact (issue 18: one h1, landmarks once, heading order). */
const STRUCTURE_RULES = new Set([
  'page-has-heading-one',
  'heading-order',
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-main-is-top-level',
  'landmark-unique',
  'landmark-banner-is-top-level',
  'landmark-contentinfo-is-top-level',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
]);

/**
 * The rules whose verdict depends on colour: what a second colour scheme can change on a page whose markup
 * is the same (the portal's schemes differ only in its theme's colours).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe-core run in the page itself, its script added once per document (decision 0079): @axe-core/playwright's
 * builder adds the 550 KB script on every scan and finishes each in a blank page of its own, which cost 2–6 s
 * a scan against 0.2–0.6 s here. The portal's pages have no frames, which is what the builder's way is for.
 */
async function runAxe(page: Page, runOnly: axe.RunOnly): Promise<axe.AxeResults> {
  type WithAxe = { axe?: typeof axe };
  const loaded = await page.evaluate(() => typeof (window as WithAxe).axe?.run === 'function');
  if (!loaded) await page.evaluate(axe.source);
  expect(await page.locator('iframe').count(), 'a frame, which this scan would not enter').toBe(0);
  // Only the violations come back whole (of passes and the rest, one node each): less to send over.
  return page.evaluate(
    (only) => (window as WithAxe).axe!.run(document, { runOnly: only, resultTypes: ['violations'] }),
    runOnly,
  );
}

/**
 * Runs axe on the page as it is now and fails with every serious or critical violation and every breach of
 * the page structure rules, one line per element (rule, impact, selector, what axe says is wrong), so the
 * report points straight at the fix.
 * `label` names the page and mode in the failure message, e.g. "/shop (dark)". `colourOnly` runs just the
 * rules that depend on colour: for a page already scanned whole in the other scheme.
 */
export async function expectAccessible(
  page: Page,
  label: string,
  options: { colourOnly?: boolean } = {},
): Promise<void> {
  // A page the server sent drawn changes as the app takes it over: the controls that wait for the app
  // (shell/app-ready.ts: busy, a progress indicator in the button) come alive then, and under a scan one was
  // read half-changed (its disabled colours, no longer disabled). So the scan waits for the takeover.
  await expect(
    page.getByRole('button').filter({ has: page.getByRole('progressbar') }),
    `${label}: a control still waiting for the app`,
  ).toHaveCount(0);
  // Colour contrast is measured on what is painted: let MUI's fades and transitions finish first (spinners
  // run forever, so only finite animations are awaited; a cancelled one counts as finished).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await runAxe(
    page,
    options.colourOnly ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: AXE_TAGS },
  );
  const problems = results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? '') || STRUCTURE_RULES.has(violation.id))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} [${violation.impact}] ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help}`,
      ),
    );
  expect(problems, `accessibility violations on ${label}`).toEqual([]);
}
