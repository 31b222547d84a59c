import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
  const axe = new AxeBuilder({ page });
  const results = await (options.colourOnly ? axe.withRules(COLOUR_RULES) : axe.withTags(AXE_TAGS)).analyze();
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
