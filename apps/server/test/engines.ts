/**
 * Which engine runs which server test file (docs/testing.md). The rule: a file runs on BOTH engines, the
 * embedded PGlite and the PostgreSQL server, unless it is listed here with the reason its behaviour cannot
 * differ between them: no database at all, or a database only as the app's furniture while the subject is
 * elsewhere (process start-up, HTTP framing, files on disk, another language's toolchain). SQL, locks,
 * transactions, advisory locks, concurrency and the driver's types are never such a reason.
 *
 * Paths are relative to apps/server. `test/foundation/engines.test.ts` fails on a listed file that does not
 * exist and on a test file no project runs.
 */

/** Run once: in the PostgreSQL pass when a server answers, else in the PGlite pass. */
export const ONCE: Record<string, string> = {
  'src/config.test.ts': 'parses environment variables; no database',
  'src/lib/tokens.test.ts': 'token hashing; no database',
  'src/lib/device-cookie.test.ts': 'cookie signing; no database',
  'src/lib/xlsx.test.ts': 'the spreadsheet writer streams to a file; no database',
  'src/lib/database-errors.test.ts': "maps the driver's error codes, given as values; no database",
  'src/lib/errors.test.ts': 'the catalogue of error codes and their statuses; no database',
  'src/modules/entitlements/signature-vector.test.ts': 'a fixed signature vector; no database',
  'src/modules/payments/sandbox-card-form.test.ts': "the sandbox page's markup; no database",
  'src/modules/security/device.test.ts': 'user-agent parsing; no database',
  'src/modules/analytics/reply-cache.test.ts': 'an in-process cache; no database',
  'test/foundation/module-rules.test.ts': "the lint rules' own tests; no database",
  'test/foundation/engines.test.ts': 'this list and the projects; no database',
  'test/foundation/tools.test.ts': 'the command-line tools on the embedded database, which they always open',
  'test/security/production.test.ts': 'start-up refusals and the mode line under NODE_ENV=production',
  'test/security/refusal-headers.test.ts': 'headers of refusals made before any route runs',
  'test/security/no-host.test.ts': 'HTTP framing: a request without a Host header',
  'src/plugins/web.test.ts': "serving the web build's files",
};

/**
 * The SDKs in their own languages (Go, Java, PHP, Ruby, Python, JavaScript) and the Debian relying party:
 * their own step, once, on the embedded database; what they check is the other toolchain, not the engine.
 */
export const SDK_FILES = [
  'src/modules/sdk/sdk.test.ts',
  'src/modules/sdk/sdk-entitlements.test.ts',
  'src/modules/sdk/sdk-device.test.ts',
  'src/modules/sdk/sdk-standing.test.ts',
  'src/modules/sdk/sdk-challenge.test.ts',
  'src/modules/oidc/authlib.test.ts',
];

/**
 * Files that replace a module with `vi.mock`: they run in a project of their own that gives each file a fresh
 * module cache (the others share one per worker, decision 0003), on both engines like `server`.
 */
export const ISOLATED: Record<string, string> = {
  'src/modules/payments/refund-claim.test.ts': "holds and fails the sandbox provider's refund (vi.mock)",
};

/** Several built processes against the PostgreSQL server and Redis: after the build. */
export const CLUSTER_FILES = ['test/cluster/**/*.test.ts'];

/** Where the server's test files are. */
export const SERVER_TESTS = ['src/**/*.test.ts', 'test/**/*.test.ts'];
