// The shop's boundaries, checked by `npm run check` (issue 24). Each rule names the layout rule
// of docs/architecture.md it keeps; tests/unit/boundaries.test.ts breaks each one on purpose.

const modules = '^server/src/modules/';
const ownFilesOrEntry = [`${modules}$1/`, `${modules}[^/]+/index[.]ts$`];

const stockQueries = `${modules}inventory/stock[.]repository[.]ts$`;

const throughEntry = {
  name: 'modules-through-entry',
  comment:
    "A module is reached only through its public entry (index.ts), never its services', tables', repositories' or caches' files.",
  severity: 'error',
};

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      ...throughEntry,
      from: { path: `${modules}([^/]+)/`, pathNot: ['[.]table[.]ts$', stockQueries] },
      to: { path: modules, pathNot: ownFilesOrEntry },
    },
    {
      ...throughEntry,
      comment:
        "Stock lives in the catalogue's rows: inventory's stock queries read catalog's tables, and nothing else of it.",
      from: { path: stockQueries },
      to: {
        path: modules,
        pathNot: [`${modules}inventory/`, `${modules}catalog/[^/]+[.]table[.]ts$`],
      },
    },
    {
      ...throughEntry,
      comment:
        'The composition root, the route list, plugins, the page shell and the CLI reach a module through its entry too (db/schema.ts gathers the tables for drizzle-kit).',
      from: { path: '^server/src/', pathNot: [modules, '^server/src/db/schema[.]ts$'] },
      to: { path: modules, pathNot: [`${modules}[^/]+/index[.]ts$`] },
    },
    {
      ...throughEntry,
      comment:
        "A table may reference another module's table (a foreign key), and nothing else of it.",
      from: { path: `${modules}([^/]+)/[^/]+[.]table[.]ts$` },
      to: { path: modules, pathNot: [...ownFilesOrEntry, `${modules}[^/]+/[^/]+[.]table[.]ts$`] },
    },
    {
      name: 'modules-not-to-schema',
      comment:
        "db/schema.ts gathers every module's tables for Drizzle and drizzle-kit: a module importing it reaches other modules' tables past their entries, unseen by modules-through-entry. A module imports its own tables from its *.table.ts.",
      severity: 'error',
      from: { path: modules },
      to: { path: '^server/src/db/schema[.]ts$' },
    },
    {
      name: 'ground-floor-not-up',
      comment:
        'lib/ and db/ are the floor every room stands on: they import no plugin, no page shell and no module (db/schema.ts excepted, for drizzle-kit), so no module is reachable from db/client.ts.',
      severity: 'error',
      from: { path: '^server/src/(lib|db)/', pathNot: '^server/src/db/schema[.]ts$' },
      to: { path: ['^server/src/(plugins|page-shell|modules)/', '^server/src/db/schema[.]ts$'] },
    },
    {
      name: 'web-not-to-server',
      comment:
        'The web is built for the browser: it reaches the server over HTTP with the shapes of contract/, never through its code.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'contract-through-alias',
      comment:
        'Import the contract as @contract/...: a ../ climb breaks when a file moves (contract/ files reach each other relatively).',
      severity: 'error',
      from: { pathNot: '^contract/' },
      to: { path: '^contract/', dependencyTypesNot: ['aliased-tsconfig'] },
    },
    {
      name: 'features-not-to-features',
      comment:
        'A feature never imports another: what two features share moves to web/src/lib or web/src/components, and pages under web/src/routes compose features.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/',
        pathNot: ['^web/src/features/$1/'],
      },
    },
    {
      name: 'web-no-cycles',
      comment:
        'No circular imports in the web: a cycle makes load order (and lazy chunks) fragile.',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Type-only imports cross boundaries too (a type from server/ would pull its module's shape into the web).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
