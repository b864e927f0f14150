/**
 * The import graph's rules, checked by `npm run check:imports` (part of `npm test`).
 *
 * - No cycles: a cycle makes load order matter and hides which module owns what.
 * - `contract/` holds the wire shapes the app and the server share, so it imports nothing of ours.
 * - `machines/` are pure flows that tests walk without a browser or a server: they import only `contract/`.
 * - The app (`src/`) and the server (`server/`) meet only through `contract/` (and `machines/` for the app).
 * - A server route parses, calls its domain's service and shapes the answer: queries and transactions live in
 *   services, so no routes file reaches the database or the query builder.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other, directly or through others.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-nothing-ours',
      severity: 'error',
      comment: 'contract/ is shared by app and server and must stand alone.',
      from: { path: '^contract/' },
      to: { path: '^(src|server|machines|locales|tests|e2e|bench)/' },
    },
    {
      name: 'machines-import-only-contract',
      severity: 'error',
      comment: 'machines/ are pure: only xstate, other machines and contract/.',
      from: { path: '^machines/' },
      to: { path: '^(src|server|locales|tests|e2e|bench)/' },
    },
    {
      name: 'app-not-server',
      severity: 'error',
      comment: 'The app reaches the server over HTTP only.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-app',
      severity: 'error',
      comment: 'The server does not import the app.',
      from: { path: '^server/' },
      to: { path: '^src/' },
    },
    {
      name: 'routes-run-no-query',
      severity: 'error',
      comment: 'server/<domain>/routes.ts and *.routes.ts call services; queries and transactions live there.',
      from: { path: '^server/.+(/routes|[.]routes)[.]ts$' },
      to: { path: '(^|/)node_modules/drizzle-orm/|^server/db/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing (virtual: modules are made by a Vite plugin, vite/dictionary.ts).',
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
