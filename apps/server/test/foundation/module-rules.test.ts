/**
 * The module rules `npm run lint` enforces, each shown failing once on a small tree written for the purpose:
 * dependency-cruiser with the repository's own rules (.dependency-cruiser.cjs), knip with its own settings
 * (knip.json), the folder graph's cycles and drawing (scripts/module-graph.mjs --check), URLs in the
 * server's lib/ and modules or the web app (scripts/urls-in-contract.mjs), a route registered by hand rather
 * than from its declaration (scripts/routes-from-declarations.mjs), server source files over 350 lines
 * (scripts/server-file-size.mjs), a module using another module's tables (scripts/data-access.mjs), a table
 * its owner does not declare in its personal data (scripts/personal-data.mjs), and a page's path written
 * outside its declaration (scripts/page-paths.mjs). A rule that stopped catching its case would let the graph
 * rot quietly.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '../../../..');
const rules = createRequire(import.meta.url)(join(REPO, '.dependency-cruiser.cjs')) as {
  forbidden: IForbiddenRuleType[];
};

const trees: string[] = [];
afterEach(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes `files` (path → source) under a fresh directory laid out like the repository. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'module-rules-'));
  trees.push(dir);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  return dir;
}

/** The names of the rules the tree breaks, as `rule: from → to`. */
async function violations(files: Record<string, string>): Promise<string[]> {
  const dir = tree(files);
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    const result = await cruise(['apps'], {
      ruleSet: { forbidden: rules.forbidden },
      validate: true,
      tsPreCompilationDeps: true,
      outputType: 'json',
    });
    const output = JSON.parse(String(result.output)) as {
      summary: { violations: { rule: { name: string }; from: string; to: string }[] };
    };
    return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
  } finally {
    process.chdir(cwd);
  }
}

const S = 'apps/server/src';
const W = 'apps/web/src/features';

describe('dependency-cruiser rules', () => {
  it('passes modules that meet through their index.ts, lib below them, plugins above them', async () => {
    expect(
      await violations({
        [`${S}/lib/clock.ts`]: 'export const now = () => 1;\n',
        [`${S}/modules/orders/service.ts`]:
          "import { now } from '../../lib/clock';\nexport const order = now;\n",
        [`${S}/modules/orders/index.ts`]: "export { order } from './service';\n",
        [`${S}/modules/checkout/service.ts`]:
          "import { order } from '../orders';\nexport const pay = order;\n",
        [`${S}/plugins/auth.ts`]:
          "import { pay } from '../modules/checkout/service';\nexport const guard = pay;\n",
        [`${W}/payments/Banner.tsx`]: 'export const Banner = 1;\n',
        [`${W}/payments/index.ts`]: "export { Banner } from './Banner';\n",
        [`${W}/shop/Shop.tsx`]: "import { Banner } from '../payments';\nexport const Shop = Banner;\n",
      }),
    ).toEqual([]);
  });

  it('fails a cycle between modules', async () => {
    expect(
      await violations({
        [`${S}/modules/shop/index.ts`]:
          "import { order } from '../orders';\nexport const stock = () => order;\n",
        [`${S}/modules/orders/index.ts`]:
          "import { stock } from '../shop';\nexport const order = () => stock;\n",
      }),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^no-module-cycle: apps\/server\/src\/modules\/(shop|orders)\/index\.ts → /),
      ]),
    );
  });

  it('fails a deep import into another module', async () => {
    expect(
      await violations({
        [`${S}/modules/orders/service.ts`]: 'export const order = 1;\n',
        [`${S}/modules/checkout/service.ts`]:
          "import { order } from '../orders/service';\nexport const pay = order;\n",
      }),
    ).toEqual([
      'no-deep-module-import: apps/server/src/modules/checkout/service.ts → apps/server/src/modules/orders/service.ts',
    ]);
  });

  it('fails a module importing plugins/, and lib/ importing a module', async () => {
    expect(
      await violations({
        [`${S}/plugins/auth.ts`]: 'export const bearer = 1;\n',
        [`${S}/modules/orders/routes.ts`]:
          "import { bearer } from '../../plugins/auth';\nexport const r = bearer;\n",
        [`${S}/modules/orders/index.ts`]: 'export const order = 1;\n',
        [`${S}/lib/audit.ts`]: "import { order } from '../modules/orders';\nexport const audit = order;\n",
      }),
    ).toEqual([
      'no-lib-imports-modules: apps/server/src/lib/audit.ts → apps/server/src/modules/orders/index.ts',
      'no-module-imports-plugins: apps/server/src/modules/orders/routes.ts → apps/server/src/plugins/auth.ts',
    ]);
  });

  it("fails a web feature importing another feature's internals", async () => {
    expect(
      await violations({
        [`${W}/payments/Banner.tsx`]: 'export const Banner = 1;\n',
        [`${W}/shop/Shop.tsx`]: "import { Banner } from '../payments/Banner';\nexport const Shop = Banner;\n",
      }),
    ).toEqual([
      'no-deep-web-feature-import: apps/web/src/features/shop/Shop.tsx → apps/web/src/features/payments/Banner.tsx',
    ]);
  });

  it("fails a contract module of a player's first pages reaching a back-office one, and passes a type import", async () => {
    const C = 'packages/contract/src';
    expect(
      await violations({
        [`${C}/sanctions.ts`]: 'export const sanctionSchema = 1;\n',
        [`${C}/entitlements.ts`]:
          "import { sanctionSchema } from './sanctions';\nexport const events = sanctionSchema;\n",
        [`${C}/orders.ts`]: "import { events } from './entitlements';\nexport const delivery = events;\n",
        [`${C}/staff.ts`]: 'export type StaffCapability = string;\n',
        [`${C}/endpoint.ts`]:
          "import type { StaffCapability } from './staff';\nexport const need = (c: StaffCapability) => c;\n",
        [`${C}/shop.ts`]: "import { need } from './endpoint';\nexport const cart = need;\n",
        [`${W}/shop/Shop.tsx`]:
          "import { delivery } from '../../../../../packages/contract/src/orders';\n" +
          "import { cart } from '../../../../../packages/contract/src/shop';\nexport const Shop = [delivery, cart];\n",
      }),
    ).toEqual([
      'player-start-contract-closed: packages/contract/src/orders.ts → packages/contract/src/entitlements.ts',
    ]);
  });
});

describe('knip', () => {
  /** A four-workspace tree like the repository's, checked with the repository's knip.json. */
  function knip(ordersSource: string) {
    const dir = tree({
      'package.json': JSON.stringify({
        name: 'probe',
        private: true,
        workspaces: ['apps/server', 'apps/web', 'packages/contract'],
      }),
      'apps/server/package.json': JSON.stringify({ name: '@probe/server', private: true }),
      'apps/web/package.json': JSON.stringify({ name: '@probe/web', private: true }),
      'packages/contract/package.json': JSON.stringify({ name: '@probe/contract', private: true }),
      'apps/server/src/main.ts': "import { order } from './modules/orders';\nconsole.log(order);\n",
      'apps/server/src/modules/orders/index.ts': ordersSource,
      'apps/web/src/main.tsx': 'console.log(1);\n',
      'packages/contract/src/index.ts': 'export const contract = 1;\n',
    });
    copyFileSync(join(REPO, 'knip.json'), join(dir, 'knip.json'));
    return spawnSync(process.execPath, [join(REPO, 'node_modules/knip/bin/knip.js'), '--no-progress'], {
      cwd: dir,
      encoding: 'utf8',
    });
  }

  it('fails an unused export and passes once it is gone', () => {
    const unused = knip('export const order = 1;\nexport const forgotten = 2;\n');
    expect(unused.status, unused.stdout + unused.stderr).toBe(1);
    expect(unused.stdout).toMatch(
      /Unused exports[\s\S]*forgotten\s+apps\/server\/src\/modules\/orders\/index\.ts/,
    );
    const clean = knip('export const order = 1;\n');
    expect(clean.stdout + clean.stderr).not.toMatch(/Unused exports/);
  }, 60_000);
});

describe('the folder graph (scripts/module-graph.mjs --check)', () => {
  /** Runs the script in a tree written for the purpose, as `npm run lint` runs it in the repository. */
  function graph(dir: string, mode: '--check' | '--write') {
    return spawnSync(process.execPath, [join(REPO, 'scripts/module-graph.mjs'), mode], {
      cwd: dir,
      encoding: 'utf8',
    });
  }
  const doc = (server: string, web: string) =>
    [
      '# Architecture',
      '<!-- module-graph:server -->',
      '```mermaid',
      server,
      '```',
      '<!-- /module-graph:server -->',
      '<!-- module-graph:web -->',
      '```mermaid',
      web,
      '```',
      '<!-- /module-graph:web -->',
      '',
    ].join('\n');
  const modules = {
    [`${S}/lib/clock.ts`]: 'export const now = () => 1;\n',
    [`${S}/modules/orders/index.ts`]: "import { now } from '../../lib/clock';\nexport const order = now;\n",
    [`${S}/modules/checkout/index.ts`]: "import { order } from '../orders';\nexport const pay = order;\n",
    [`${W}/payments/index.ts`]: 'export const Banner = 1;\n',
    [`${W}/shop/Shop.tsx`]: "import { Banner } from '../payments';\nexport const Shop = Banner;\n",
  };
  const drawn = doc('flowchart LR\n  checkout --> orders', 'flowchart LR\n  shop --> payments');

  it('passes folders that form a DAG, drawn as the code has them', () => {
    const run = graph(tree({ ...modules, 'docs/architecture.md': drawn }), '--check');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('fails a cycle between folders that no file cycle shows, a type import closing it', () => {
    const run = graph(
      tree({
        ...modules,
        // orders/service.ts → checkout/index.ts → orders/index.ts: three files, no file cycle, two folders.
        [`${S}/modules/orders/service.ts`]:
          "import type { pay } from '../checkout';\nexport const refund = (p: typeof pay) => p;\n",
        'docs/architecture.md': doc(
          'flowchart LR\n  checkout --> orders\n  orders --> checkout',
          'flowchart LR\n  shop --> payments',
        ),
      }),
      '--check',
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('server: a cycle between folders: checkout, orders\n');
  });

  it('fails a cycle through a file outside the folders (a module reaching app.ts, which registers it)', () => {
    const run = graph(
      tree({
        ...modules,
        [`${S}/app.ts`]: "import { pay } from './modules/checkout';\nexport const app = pay;\n",
        [`${S}/modules/orders/cli.ts`]: "import { app } from '../../app';\nconsole.log(app);\n",
        'docs/architecture.md': drawn,
      }),
      '--check',
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('server: a cycle between folders: apps/server/src/app.ts, checkout, orders\n');
  });

  it('fails a stale drawing in docs/architecture.md, and --write draws it again', () => {
    const dir = tree({
      ...modules,
      'docs/architecture.md': doc('flowchart LR\n  orders --> checkout', 'flowchart LR\n  shop --> payments'),
    });
    const stale = graph(dir, '--check');
    expect(stale.status).toBe(1);
    expect(stale.stderr).toBe(
      "docs/architecture.md's server graph is stale: run npm run graph:modules -- --write\n",
    );
    expect(graph(dir, '--write').status).toBe(0);
    expect(readFileSync(join(dir, 'docs/architecture.md'), 'utf8')).toBe(drawn);
    expect(graph(dir, '--check').status).toBe(0);
  });
});

describe('API paths only in the contract (scripts/urls-in-contract.mjs)', () => {
  const check = (files: Record<string, string>) =>
    spawnSync(process.execPath, [join(REPO, 'scripts/urls-in-contract.mjs')], {
      cwd: tree(files),
      encoding: 'utf8',
    });

  it('fails an API path in a string or template literal of lib, a module or the web, and passes code without one', () => {
    const run = check({
      [`${S}/lib/access.ts`]: "export const routes = ['GET /api/admin/users/:id'];\n",
      [`${S}/modules/orders/routes.ts`]: "app.get('/api/orders', handler);\n",
      'apps/web/src/features/orders/api.ts': "export const list = () => api.get('/api/orders');\n",
      'packages/contract/src/endpoints/orders.ts': "export const list = { path: '/api/orders' };\n",
      [`${S}/lib/links.ts`]:
        // A template literal with a placeholder, written as the file's text.
        '// a comment may name /api/admin\nexport const link = (id: string) => `/api/orders/$' + '{id}`;\n',
      [`${S}/lib/links.test.ts`]: "export const url = '/api/orders';\n",
    });
    expect(run.status).toBe(1);
    const declareIt = 'declare it in packages/contract/src/endpoints';
    expect(run.stderr.trim().split('\n')).toEqual([
      `${S}/lib/access.ts:1: an API path (GET /api/admin/users/:id): ${declareIt}`,
      `${S}/lib/links.ts:2: an API path (/api/orders/): ${declareIt}`,
      `${S}/modules/orders/routes.ts:1: an API path (/api/orders): ${declareIt}`,
      `apps/web/src/features/orders/api.ts:1: an API path (/api/orders): ${declareIt}`,
    ]);
    const clean = check({ [`${S}/lib/clock.ts`]: "export const zone = 'Europe/Istanbul';\n" });
    expect(clean.stderr).toBe('');
    expect(clean.status).toBe(0);
  });
});

describe('endpoints registered from their declarations (scripts/routes-from-declarations.mjs)', () => {
  const check = (files: Record<string, string>) =>
    spawnSync(process.execPath, [join(REPO, 'scripts/routes-from-declarations.mjs')], {
      cwd: tree(files),
      encoding: 'utf8',
    });

  it('fails a hand-wired app.route( outside lib/endpoints.ts, and passes route() and tests', () => {
    const run = check({
      [`${S}/lib/endpoints.ts`]: 'export function route(app) {\n  app.route({ handler });\n}\n',
      [`${S}/modules/orders/routes.ts`]:
        'route(app, endpoints.list, async () => []);\napp.route({ ...options, handler: async () => [] });\n',
      [`${S}/modules/orders/routes.test.ts`]: 'app.route({ method: "GET", url: "/", handler });\n',
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      `${S}/modules/orders/routes.ts:2: a hand-wired app.route(: register it with route() from lib/endpoints.ts`,
    ]);
    const clean = check({
      [`${S}/modules/orders/routes.ts`]: 'route(app, endpoints.list, async () => []);\n',
    });
    expect(clean.stderr).toBe('');
    expect(clean.status).toBe(0);
  });
});

describe('no server source file over 350 lines (scripts/server-file-size.mjs)', () => {
  const check = (files: Record<string, string>) =>
    spawnSync(process.execPath, [join(REPO, 'scripts/server-file-size.mjs')], {
      cwd: tree(files),
      encoding: 'utf8',
    });
  const lines = (n: number) => 'export const x = 1;\n'.repeat(n);

  it('fails a source file over 350 lines, and passes one of 350 and any test', () => {
    const run = check({
      [`${S}/modules/orders/service.ts`]: lines(351),
      [`${S}/modules/orders/refunds.ts`]: lines(350),
      [`${S}/modules/orders/orders.test.ts`]: lines(600),
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      `${S}/modules/orders/service.ts: 351 lines, over 350: split it along its concerns`,
    ]);
    const clean = check({ [`${S}/modules/orders/service.ts`]: lines(350) });
    expect(clean.stderr).toBe('');
    expect(clean.status).toBe(0);
  });
});

describe('a module uses only its own tables, through a context (scripts/data-access.mjs)', () => {
  const check = (files: Record<string, string>) =>
    spawnSync(process.execPath, [join(REPO, 'scripts/data-access.mjs')], {
      cwd: tree(files),
      encoding: 'utf8',
    });
  const schema = {
    [`${S}/db/schema/users.ts`]: "export const users = pgTable('users', { id: uuid('id') });\n",
    [`${S}/db/schema/commerce.ts`]:
      "export const orders = pgTable('orders', {});\nexport const orderItems = pgTable('order_items', {});\n",
    [`${S}/db/schema/owners.json`]: JSON.stringify({
      accounts: ['users'],
      orders: ['orders', 'order_items'],
    }),
    [`${S}/modules/accounts/index.ts`]:
      "import { users } from '../../db/schema/index';\nexport const findUser = () => users;\n",
    [`${S}/modules/orders/index.ts`]:
      "import { orders } from '../../db/schema/commerce';\nexport const all = orders;\n",
  };
  const goThrough = 'a table of accounts: go through modules/accounts/index.ts';

  it("fails a module importing another module's table or naming it in SQL, and passes its own", () => {
    const run = check({
      ...schema,
      [`${S}/modules/orders/service.ts`]:
        "import { orderItems, orders as placed, users } from '../../db/schema/index';\nexport const all = [placed, orderItems, users];\n",
      [`${S}/modules/orders/report.ts`]:
        'export const buyers = () => sql`select count(*) from orders o join users u on u.id = o.user_id`;\n',
      [`${S}/modules/orders/report.test.ts`]: "import { users } from '../../db/schema/index';\n",
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      `${S}/modules/orders/report.ts:1: orders uses users, ${goThrough}`,
      `${S}/modules/orders/service.ts:1: orders uses users, ${goThrough}`,
    ]);
    const clean = check(schema);
    expect(clean.stderr).toBe('');
    expect(clean.status).toBe(0);
  });

  it('fails a table with no owner, or an owner that is no module', () => {
    const run = check({
      ...schema,
      [`${S}/db/schema/owners.json`]: JSON.stringify({ accounts: ['users'], shop: ['orders'] }),
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      `${S}/db/schema/owners.json: shop is neither a module of ${S}/modules nor lib`,
      `${S}/db/schema/owners.json: order_items has no owner: add it to its module's list`,
      `${S}/modules/orders/index.ts:1: orders uses orders, a table of shop: go through modules/shop/index.ts`,
    ]);
  });

  it("fails a parameter defaulting to the context's db, and passes one taking the context only", () => {
    const run = check({
      ...schema,
      [`${S}/lib/audit.ts`]:
        'export async function writeAudit(ctx: Ctx, entry: string, db = ctx.db) {\n  await db.insert(entry);\n}\n',
      [`${S}/modules/orders/refunds.ts`]:
        'export const refund = (tx: Ctx, id: string) => tx.db.update(id);\nexport const mail = (db = shared.db) => db;\n',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `${S}/lib/audit.ts:1: a \`db = ctx.db\` default: take the context and use its db (a transaction's context inside one)\n`,
    );
  });
});

describe('every table declared by its owner, personal or not (scripts/personal-data.mjs)', () => {
  const check = (files: Record<string, string>) =>
    spawnSync(process.execPath, [join(REPO, 'scripts/personal-data.mjs')], {
      cwd: tree(files),
      encoding: 'utf8',
    });
  const owned = {
    [`${S}/db/schema/owners.json`]: JSON.stringify({
      accounts: ['users', 'account_tokens'],
      shop: ['shop_products', 'shop_cart_items'],
      lib: ['audit_log'],
    }),
    [`${S}/lib/personal-data.ts`]:
      "export const libPersonalData: PersonalData = { tables: { audit_log: 'kept' } };\n",
    [`${S}/modules/shop/personal-data.ts`]: [
      'export const shopPersonalData: PersonalData = {',
      "  tables: { shop_cart_items: 'deleted' },",
      "  nothingPersonal: { shop_products: 'the catalog' },",
      '};\n',
    ].join('\n'),
  };
  const accounts = (tables: string) =>
    `export const accountsPersonalData: PersonalData = {\n  tables: { ${tables} },\n};\n`;

  it('fails a table its owner does not declare, and one another owner declares', () => {
    const run = check({
      ...owned,
      [`${S}/modules/accounts/personal-data.ts`]: accounts("users: 'anonymised', shop_products: 'kept'"),
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      `${S}/modules/accounts/personal-data.ts: account_tokens (accounts) is not declared: add it under tables (what a player's erasure does to it) or nothingPersonal (why it holds nothing personal)`,
      `${S}/modules/accounts/personal-data.ts:2: shop_products is a table of shop: ${S}/modules/shop/personal-data.ts declares it`,
    ]);
    const clean = check({
      ...owned,
      [`${S}/modules/accounts/personal-data.ts`]: accounts("users: 'anonymised', account_tokens: 'deleted'"),
    });
    expect(clean.stderr).toBe('');
    expect(clean.status).toBe(0);
  });

  it("fails an architecture document whose owners' table is not the declarations' (generated by --write)", () => {
    const declared = {
      ...owned,
      [`${S}/modules/accounts/personal-data.ts`]: accounts("users: 'anonymised', account_tokens: 'deleted'"),
    };
    const stale = check({
      ...declared,
      'docs/architecture.md': '# Architecture\n\n<!-- table-owners -->\n| old |\n<!-- /table-owners -->\n',
    });
    expect(stale.status).toBe(1);
    expect(stale.stderr).toBe(
      "docs/architecture.md: the owners' table is out of date: run node scripts/personal-data.mjs --write\n",
    );
    const root = tree({
      ...declared,
      'docs/architecture.md': '# Architecture\n\n<!-- table-owners -->\n<!-- /table-owners -->\n',
    });
    const write = spawnSync(process.execPath, [join(REPO, 'scripts/personal-data.mjs'), '--write'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(write.status).toBe(0);
    expect(readFileSync(join(root, 'docs/architecture.md'), 'utf8')).toContain(
      '| accounts | account_tokens, users | — |\n| shop | shop_cart_items | shop_products |\n' +
        '| lib | audit_log | — |\n<!-- /table-owners -->',
    );
  });
});

describe('page paths only in the contract (scripts/page-paths.mjs)', () => {
  const check = (files: Record<string, string>) =>
    spawnSync(process.execPath, [join(REPO, 'scripts/page-paths.mjs')], {
      cwd: tree(files),
      encoding: 'utf8',
    });
  const pages = {
    'packages/contract/src/pages.ts': [
      "export const ADMIN_AREA = '/mlg/admin';",
      'export const PAGE_PATHS = {',
      "  login: '/login',",
      // Template literals written as the file's text.
      '  player: `$' + '{ADMIN_AREA}/users/:id`,',
      "  resetPassword: '/reset-password/:token/:game',",
      "  verifyEmail: '/verifyemail/:uuid/:game?',",
      '} as const;',
      '',
    ].join('\n'),
  };
  const usePages = `${W}/accounts/Links.tsx`;

  it("fails a declared page's path written in the web or the server, and passes PAGES and the href builders", () => {
    const run = check({
      ...pages,
      [usePages]: [
        'export const a = <Link to="/login" />;',
        "export const b = navigate('/login?logout=true');",
        'export const c = (id: string) => `/mlg/admin/users/$' + '{id}`;',
        "export const d = navigate(PAGES.login.path, { state: '/' });",
        "export const e = '/loginapi';",
        'export const f = (uuid: string) => `/verifyemail/$' + '{uuid}`;',
        "export const g = navigate(loggedOutHref('login'));",
        '',
      ].join('\n'),
      [`${W}/accounts/Links.test.tsx`]: "export const a = '/login';\n",
      [`${S}/modules/accounts/emails.ts`]: [
        'export const a = (base: string, token: string) => `$' +
          '{base}/reset-password/$' +
          '{token}/caliber`;',
        'export const b = (base: string) => `$' + '{base}$' + '{PAGE_PATHS.login}`;',
        '',
      ].join('\n'),
    });
    expect(run.status).toBe(1);
    const from = (page: string) => `build it from ${page} (packages/contract/src/pages.ts)`;
    expect(run.stderr.trim().split('\n')).toEqual([
      `${S}/modules/accounts/emails.ts:1: the page path \`\${base}/reset-password/\${token}/caliber\`: ${from('/reset-password/:token/:game')}`,
      `${usePages}:1: the page path "/login": ${from('/login')}`,
      `${usePages}:2: the page path '/login?logout=true': ${from('/login')}`,
      `${usePages}:3: the page path \`/mlg/admin/users/\${id}\`: ${from('/mlg/admin/users/:id')}`,
      `${usePages}:6: the page path \`/verifyemail/\${uuid}\`: ${from('/verifyemail/:uuid/:game?')}`,
    ]);
  });
});
