/**
 * Web test files that replace a module with `vi.mock`: they run in the `web-isolated` project, which gives each
 * file a fresh module cache; the others share one per worker (decision 0003). Paths are relative to apps/web.
 */
export const ISOLATED_WEB_TESTS = [
  'src/features/passkeys/PasskeysSection.test.tsx',
  'src/features/analytics/components.test.tsx',
  'src/shell/PasskeySignInButton.test.tsx',
];
