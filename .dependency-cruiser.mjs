// The layers of the server and the web panel (CONVENTIONS 11, DESIGN 8), as dependency-cruiser
// rules. Bottom up, a file imports its own layer and the ones below:
//   server: lib/db → plugins → modules → gateway → demo → app (the files at the root of src/)
//   web:    lib/components/locales → features → app (app/ and the files at the root of src/)
// Modules meet each other only through `modules/<name>/index.ts`; a feature never imports another
// feature, and the app reaches one through `features/<name>/index.ts`. No cycle, type-only imports
// included; no relative import that leads nowhere. `node scripts/import-graph.mjs` runs it over the
// tree and `apps/server/test/lint-boundaries.test.ts` plants a violation of each rule.
const server = (dirs) => `^apps/server/src/(${dirs})/`;
const web = (dirs) => `^apps/web/src/(${dirs})/`;
const serverRoot = '^apps/server/src/[^/]+$';
const webRoot = '^apps/web/src/[^/]+\\.tsx?$';
// Tests and fixtures sit above every layer; where Biome's zones held test files too, the rule
// keeps them (lib, db, the server's root, and every layer of the web).
const TEST = '\\.(test|fixtures)\\.tsx?$';

const OUTSIDE = '^apps/(server|web)/src/[^/]+/';
const LAYERS = [server('lib|db|plugins|modules|gateway|demo'), web('lib|components|locales|features|app')];

const below = (name, from, to, comment, tests = false) => ({
  name,
  comment,
  severity: 'error',
  from: tests ? { path: from } : { path: from, pathNot: TEST },
  to: { path: to },
});

export default {
  forbidden: [
    below(
      'server-lib-db',
      server('lib|db'),
      `${server('plugins|modules|gateway|demo')}|${serverRoot}`,
      'lib and db are the bottom layer: they import neither the plugins, the modules, the gateway, the demo seeding nor the app.',
      true,
    ),
    below(
      'server-plugins',
      server('plugins'),
      `${server('modules|gateway|demo')}|${serverRoot}`,
      'Plugins sit below the modules: a plugin takes what it needs from lib/ or db/, or app.ts passes it in.',
    ),
    below(
      'server-modules',
      server('modules'),
      `${server('gateway|demo')}|${serverRoot}`,
      'Modules import lib, db, plugins and other modules’ index only; what they need from the app comes as parameters (ServiceContext in lib/context.ts).',
    ),
    below(
      'server-gateway',
      server('gateway'),
      `${server('demo')}|${serverRoot}`,
      'The device gateway is an inbound adapter over the modules: it imports lib, db, plugins and the modules’ index, and the app starts it.',
    ),
    below(
      'server-demo',
      server('demo'),
      serverRoot,
      'Demo seeding takes what it needs as parameters; main.ts calls it.',
    ),
    {
      name: 'server-module-index',
      comment: 'Use another module through its public surface: ../<module>/index.js',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: TEST },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-module-index-from-above',
      comment: 'Use a module through its public surface: modules/<module>/index.js',
      severity: 'error',
      from: { path: `${serverRoot}|${server('gateway|demo')}`, pathNot: `${server('gateway|demo')}.*${TEST}` },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$' },
    },
    below(
      'web-lib-components',
      web('lib|components|locales'),
      `${web('features|app')}|${webRoot}`,
      'Shared code flows contract → lib/components → features → app, never back.',
      true,
    ),
    {
      name: 'web-feature-alone',
      comment:
        'A feature imports lib/ and components/, never another feature or the app (CONVENTIONS 11): move what two features share to components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/', pathNot: ['^apps/web/src/features/$1/', web('lib|components')] },
    },
    {
      name: 'web-feature-index',
      comment: 'Use a feature through its public surface: ../features/<feature>/index.js',
      severity: 'error',
      from: { path: `^apps/web/src/app/|${webRoot}` },
      to: { path: '^apps/web/src/features/[^/]+/', pathNot: '^apps/web/src/features/[^/]+/index\\.tsx?$' },
    },
    {
      name: 'outside-the-layers',
      comment: 'A folder of src/ that is no layer: name its place in .dependency-cruiser.mjs first.',
      severity: 'error',
      from: { path: '^apps/(server|web)/src/', pathNot: TEST },
      to: { path: OUTSIDE, pathNot: LAYERS },
    },
    {
      name: 'outside-the-layers',
      comment: 'A folder of src/ that is no layer: name its place in .dependency-cruiser.mjs first.',
      severity: 'error',
      from: { path: OUTSIDE, pathNot: [...LAYERS, TEST] },
      to: {},
    },
    {
      name: 'out-of-src',
      comment: 'The code of an app stays in its src/: what it shares with another package comes through that package.',
      severity: 'error',
      from: { path: '^apps/(server|web)/src/', pathNot: TEST },
      to: { dependencyTypes: ['local'], pathNot: '^apps/$1/src/' },
    },
    {
      name: 'no-cycle',
      comment: 'An import cycle, type-only imports included.',
      severity: 'error',
      from: { path: '^apps/(server|web)/src/' },
      to: { circular: true },
    },
    {
      name: 'unresolved',
      comment: 'A relative import of a file that is not there.',
      severity: 'error',
      from: { path: '^apps/(server|web)/src/' },
      to: { couldNotResolve: true, path: '^\\.' },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API for dependency-cruiser to parse with; swc reads TS and TSX,
    // `import type` included.
    parser: 'swc',
    doNotFollow: { path: ['node_modules', '^(?!apps/(server|web)/src/)'] },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
    },
  },
};
