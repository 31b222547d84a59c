/**
 * The module rules `npm run lint` enforces (docs/architecture.md explains them).
 * Server: a feature module (apps/server/src/modules/<name>) is used by others only through its index.ts;
 * modules form a DAG; lib/ is below every module; plugins/ (HTTP wiring) is above them.
 * Web: a feature (apps/web/src/features/<name>) is used by others only through its index.ts.
 * Contract: the modules a player's pages load as they start reach no other contract module.
 */
const PLAYER_START_CONTRACT =
  '^packages/contract/src/(account-messages|accounts|challenge|challenge-messages|endpoint|first-requests|game-list|game-login|games|mfa|orders|pages|shop|validation|endpoints/(accounts|checkout|payments|shop))\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      comment: 'Server modules form a DAG: no chain of imports leads from a module back to itself.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        circular: true,
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: '^apps/server/src/modules/$1/',
        viaOnly: { dependencyTypesNot: ['type-only'] },
      },
    },
    {
      name: 'no-deep-module-import',
      comment: 'Another module is used through its index.ts only.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'no-module-imports-plugins',
      comment: 'plugins/ wires HTTP around the modules; modules must not depend on it.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/' },
      to: { path: '^apps/server/src/plugins/' },
    },
    {
      name: 'no-lib-imports-modules',
      comment: 'lib/ is cross-cutting and sits below every module.',
      severity: 'error',
      from: { path: '^apps/server/src/lib/' },
      to: { path: '^apps/server/src/(modules|plugins)/' },
    },
    {
      name: 'no-deep-web-feature-import',
      comment: 'A web feature is used by another only through its index.ts.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/([^/]+)/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'player-start-contract-closed',
      comment:
        "The contract modules a signed-in player's pages load as they start (the session check, the shops, the " +
        'profile) import only each other: any other module they reach has its schemas built on every phone ' +
        '(docs/decisions/0082-player-pages-load-only-their-schemas.md).',
      severity: 'error',
      from: { path: PLAYER_START_CONTRACT },
      to: {
        path: '^packages/contract/src/',
        pathNot: PLAYER_START_CONTRACT,
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere (type-only imports vanish at run time and do not count).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '(^|/)dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.tools.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
