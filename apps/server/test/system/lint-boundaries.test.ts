import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The architecture's boundaries are the rules of .dependency-cruiser.mjs. Each case plants one
 * file at its path in a scratch tree, with an empty file wherever a planted import points (so
 * every import resolves and nothing else of the real tree is there), and one dependency-cruiser
 * run over the scratch tree checks them all: a planted violation must be refused by its rule, and
 * a clean file at the same depth must pass, so a rule that refuses everything fails too.
 */
const root = path.resolve(import.meta.dirname, '../../../..');

type Plant = { file: string; source: string };
type Refused = Plant & { rule: string };

const web = (file: string) => `apps/web/src/${file}`;
const server = (file: string) => `apps/server/src/${file}`;

const REFUSED: Record<string, Refused> = {
  'a feature file at depth 1 importing another feature': {
    file: web('features/planted/planted.ts'),
    source: "import { MicromarketCardScreen } from '../micromarkets/index.js';\n",
    rule: 'web-feature-alone',
  },
  'a feature file at depth 2 importing another feature': {
    file: web('features/planted/screens/planted.tsx'),
    source: "import { MicromarketFormDrawer } from '../../micromarkets/components/micromarket-form-drawer';\n",
    rule: 'web-feature-alone',
  },
  'a feature file at depth 3 importing another feature': {
    file: web('features/planted/components/tabs/planted.tsx'),
    source: "import { MicromarketCardScreen } from '../../../micromarkets/index.js';\n",
    rule: 'web-feature-alone',
  },
  'a feature file at depth 4 importing another feature': {
    file: web('features/planted/components/tabs/rows/planted.tsx'),
    source: "import { columns } from '../../../../products/components/columns';\n",
    rule: 'web-feature-alone',
  },
  'a feature file at depth 5 reaching out of its feature': {
    file: web('features/planted/a/b/c/d/planted.tsx'),
    source: "import { MicromarketCardScreen } from '../../../../../micromarkets/index.js';\n",
    rule: 'web-feature-alone',
  },
  'a feature file at depth 2 importing the app': {
    file: web('features/planted/screens/planted-app.tsx'),
    source: "import { SessionGate } from '../../../app/session/session-gate';\n",
    rule: 'web-feature-alone',
  },
  'a feature file at depth 3 importing the app': {
    file: web('features/planted/components/tabs/planted-app.tsx'),
    source: "import { SessionGate } from '../../../../app/session/session-gate';\n",
    rule: 'web-feature-alone',
  },
  'lib importing a feature': {
    file: web('lib/planted.ts'),
    source: "import { MicromarketCardScreen } from '../features/micromarkets/index.js';\n",
    rule: 'web-lib-components',
  },
  'a lib subfolder importing the app': {
    file: web('lib/queries/planted.ts'),
    source: "import { useTabs } from '../../app/tabs/tabs-store';\n",
    rule: 'web-lib-components',
  },
  'components importing a feature': {
    file: web('components/orders/planted.tsx'),
    source: "import { OrderListScreen } from '../../features/orders/index.js';\n",
    rule: 'web-lib-components',
  },
  'the app past a feature’s index': {
    file: web('app/layout/planted.tsx'),
    source: "import { MicromarketFormDrawer } from '../../features/micromarkets/components/micromarket-form-drawer';\n",
    rule: 'web-feature-index',
  },
  'a module importing another module’s internals': {
    file: server('modules/planted/planted.service.ts'),
    source: "import { findSale } from '../sales/sales.repository.js';\n",
    rule: 'server-module-index',
  },
  'a module file at depth 2 importing another module’s internals': {
    file: server('modules/planted/parts/planted.ts'),
    source: "import { findSale } from '../../sales/sales.repository.js';\n",
    rule: 'server-module-index',
  },
  'a module importing app.js': {
    file: server('modules/planted/planted.routes.ts'),
    source: "import { buildApp } from '../../app.js';\n",
    rule: 'server-modules',
  },
  'a module importing the demo seeding': {
    file: server('modules/planted/planted-demo.ts'),
    source: "import { seedDemo } from '../../demo/seed.js';\n",
    rule: 'server-modules',
  },
  'lib importing a module': {
    file: server('lib/planted.ts'),
    source: "import { priceItems } from '../modules/sales/index.js';\n",
    rule: 'server-lib-db',
  },
  'db importing a module': {
    file: server('db/schema/planted.ts'),
    source: "import { priceItems } from '../../modules/sales/index.js';\n",
    rule: 'server-lib-db',
  },
  'lib importing a plugin': {
    file: server('lib/planted-plugin.ts'),
    source: "import { actorOf } from '../plugins/auth.js';\n",
    rule: 'server-lib-db',
  },
  'a plugin importing a module': {
    file: server('plugins/planted.ts'),
    source: "import { authRoutes } from '../modules/auth/index.js';\n",
    rule: 'server-plugins',
  },
  'the demo seeding past a module’s index': {
    file: server('demo/planted.ts'),
    source: "import { priceItems } from '../modules/sales/pricing.js';\n",
    rule: 'server-module-index-from-above',
  },
  'the composition root past a module’s index': {
    file: server('planted.ts'),
    source: "import { saleStepsOn } from './modules/sales/sales-jobs.js';\n",
    rule: 'server-module-index-from-above',
  },
  'a module importing the config': {
    file: server('modules/planted/planted-config.ts'),
    source: "import { loadConfig } from '../../config.js';\n",
    rule: 'server-modules',
  },
  'a module importing the gateway': {
    file: server('modules/planted/planted-gateway.ts'),
    source: "import { Gateway } from '../../gateway/index.js';\n",
    rule: 'server-modules',
  },
  'a plugin importing the gateway': {
    file: server('plugins/planted-gateway.ts'),
    source: "import { Gateway } from '../gateway/index.js';\n",
    rule: 'server-plugins',
  },
  'lib importing the gateway': {
    file: server('lib/planted-gateway.ts'),
    source: "import { Gateway } from '../gateway/gateway.js';\n",
    rule: 'server-lib-db',
  },
  'the gateway past a module’s index': {
    file: server('gateway/planted.ts'),
    source: "import { findSale } from '../modules/sales/sales.repository.js';\n",
    rule: 'server-module-index-from-above',
  },
  'the gateway importing the demo seeding': {
    file: server('gateway/planted-demo.ts'),
    source: "import { seedDemo } from '../demo/seed.js';\n",
    rule: 'server-gateway',
  },
  'the demo seeding importing the app': {
    file: server('demo/planted-app.ts'),
    source: "import { buildApp } from '../app.js';\n",
    rule: 'server-demo',
  },
  'a server file reaching out of src': {
    file: server('lib/planted-out.ts'),
    source: "import { buildTestApp } from '../../test/helper.js';\n",
    rule: 'out-of-src',
  },
  'a server folder that is no layer': {
    file: server('adapters/planted.ts'),
    source: "import { AppError } from '../lib/errors.js';\n",
    rule: 'outside-the-layers',
  },
  'a feature importing the locales': {
    file: web('features/planted/planted-locales.ts'),
    source: "import { CORE_TEXTS } from '../../locales/index';\n",
    rule: 'web-feature-alone',
  },
  'a feature’s test importing another feature': {
    file: web('features/planted/planted.test.ts'),
    source: "import { MicromarketCardScreen } from '../micromarkets/index.js';\n",
    rule: 'web-feature-alone',
  },
  'lib importing the web’s entry': {
    file: web('lib/planted-main.ts'),
    source: "import { startPanel } from '../main';\n",
    rule: 'web-lib-components',
  },
  'the web’s entry past a feature’s index': {
    file: web('planted.tsx'),
    source: "import { MicromarketFormDrawer } from './features/micromarkets/components/micromarket-form-drawer';\n",
    rule: 'web-feature-index',
  },
  'a web folder that is no layer': {
    file: web('hooks/planted.ts'),
    source: "import { formatMoney } from '../lib/format';\n",
    rule: 'outside-the-layers',
  },
};

/** What each layer may import, planted at the depths above: each must pass. */
const CLEAN: Record<string, Plant> = {
  'a feature file at depth 1': {
    file: web('features/planted/clean.ts'),
    source: "import { formatMoney } from '../../lib/format';\nimport { plantedRows } from './screens/clean';\n",
  },
  'a feature file at depth 2': {
    file: web('features/planted/screens/clean.tsx'),
    source:
      "import { PageHeader } from '../../../components/page-header';\nimport { formatMoney } from '../../../lib/format';\nimport { plantedKeys } from '../api/clean';\n",
  },
  'a feature file at depth 3': {
    file: web('features/planted/components/tabs/clean.tsx'),
    source:
      "import { PageHeader } from '../../../../components/page-header';\nimport { formatMoney } from '../../../../lib/format';\nimport { plantedKeys } from '../../api/clean';\n",
  },
  'a feature file at depth 4': {
    file: web('features/planted/components/tabs/rows/clean.tsx'),
    source:
      "import { formatMoney } from '../../../../../lib/format';\nimport { plantedKeys } from '../../../api/clean';\n",
  },
  'lib and components': {
    file: web('components/orders/clean.tsx'),
    source: "import { formatMoney } from '../../lib/format';\nimport { PageHeader } from '../page-header';\n",
  },
  'the app through a feature’s index': {
    file: web('app/layout/clean.tsx'),
    source:
      "import { MicromarketCardScreen } from '../../features/micromarkets/index.js';\nimport { formatMoney } from '../../lib/format';\nimport { useTabs } from '../tabs/tabs-store';\n",
  },
  'a module': {
    file: server('modules/planted/clean.service.ts'),
    source:
      "import { db } from '../../db/client.js';\nimport { AppError } from '../../lib/errors.js';\nimport { route } from '../../plugins/endpoints.js';\nimport { priceItems } from '../sales/index.js';\nimport { plantedRows } from './clean.repository.js';\n",
  },
  'a module file at depth 2': {
    file: server('modules/planted/parts/clean.ts'),
    source:
      "import { AppError } from '../../../lib/errors.js';\nimport { priceItems } from '../../sales/index.js';\nimport { plantedRows } from '../clean.repository.js';\n",
  },
  'lib and db': {
    file: server('db/schema/clean.ts'),
    source: "import { hashToken } from '../../lib/crypto.js';\nimport { users } from './users.js';\n",
  },
  'a plugin': {
    file: server('plugins/clean.ts'),
    source:
      "import { db } from '../db/client.js';\nimport { AppError } from '../lib/errors.js';\nimport { actorOf } from './auth.js';\n",
  },
  'the demo seeding': {
    file: server('demo/clean.ts'),
    source: "import { db } from '../db/client.js';\nimport { priceItems } from '../modules/sales/index.js';\n",
  },
  'the composition root': {
    file: server('clean.ts'),
    source:
      "import { seedDemo } from './demo/seed.js';\nimport { priceItems } from './modules/sales/index.js';\nimport { authPlugin } from './plugins/auth.js';\n",
  },
  'the gateway': {
    file: server('gateway/clean.ts'),
    source:
      "import { db } from '../db/client.js';\nimport { AppError } from '../lib/errors.js';\nimport { priceItems } from '../modules/sales/index.js';\nimport { route } from '../plugins/endpoints.js';\nimport { plantedChannel } from './clean-channel.js';\n",
  },
  'the composition root starting the gateway': {
    file: server('clean-gateway.ts'),
    source: "import { Gateway } from './gateway/index.js';\nimport { loadConfig } from './config.js';\n",
  },
  'a module’s test, above the layers': {
    file: server('modules/planted/clean.test.ts'),
    source: "import { buildApp } from '../../app.js';\nimport { findSale } from '../sales/sales.repository.js';\n",
  },
};

/** Two files importing each other's types: type-only cycles count too. */
const CYCLE: Plant[] = [
  {
    file: web('features/planted/cycle-a.ts'),
    source: "import type { B } from './cycle-b';\n\nexport type A = { b?: B };\n",
  },
  {
    file: web('features/planted/cycle-b.ts'),
    source: "import type { A } from './cycle-a';\n\nexport type B = { a?: A };\n",
  },
];

/** A relative import of a file that is not there. */
const UNRESOLVED: Plant = {
  file: server('lib/planted-unresolved.ts'),
  source: "import { nothing } from './not-there.js';\n",
};

let scratch = '';
/** The rules each planted file breaks, one entry per import that breaks one. */
const found = new Map<string, string[]>();

/** The file a planted relative import names: `.js` stands for `.ts`, the web leaves extensions off. */
const targetOf = (plant: Plant, specifier: string) => {
  const target = path.join(path.dirname(plant.file), specifier);
  return target.endsWith('.js') ? target.replace(/\.js$/, '.ts') : `${target}.tsx`;
};

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-lint-boundaries-'));
  const plants = [...Object.values(REFUSED), ...Object.values(CLEAN), ...CYCLE];
  const files = new Map([...plants, UNRESOLVED].map((plant) => [plant.file, plant.source]));
  const stem = (file: string) => file.replace(/\.tsx?$/, '');
  const planted = new Set([...files.keys()].map(stem));
  for (const plant of plants)
    for (const [, specifier = ''] of plant.source.matchAll(/from '(\.[^']+)'/g)) {
      const target = targetOf(plant, specifier);
      if (!planted.has(stem(target))) files.set(target, '');
    }
  for (const [file, source] of files) {
    fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    fs.writeFileSync(path.join(scratch, file), source);
  }
  const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.mjs'));
  const { output } = await cruise(['apps/server/src', 'apps/web/src'], { ...options, baseDir: scratch });
  if (typeof output === 'string') throw new Error(output);
  // Read per import rather than from the summary, which names a cycle once, from one of its files.
  for (const module of output.modules)
    found.set(
      module.source,
      module.dependencies.flatMap((dependency) => (dependency.rules ?? []).map((rule) => rule.name)),
    );
});

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

const rulesOf = (file: string) => found.get(file) ?? [];

describe('the import boundaries, at any depth', () => {
  it.each(Object.entries(REFUSED))('refuses %s', (_, plant) => {
    expect(rulesOf(plant.file)).toContain(plant.rule);
  });

  it.each(Object.entries(CLEAN))('lets %s import what its layer may', (_, plant) => {
    expect(found.get(plant.file)).toEqual([]);
  });

  it('refuses an import cycle, through types too', () => {
    for (const plant of CYCLE) expect(rulesOf(plant.file)).toEqual(['no-cycle']);
  });

  it('refuses a relative import of a file that is not there', () => {
    expect(rulesOf(UNRESOLVED.file)).toEqual(['unresolved']);
  });
});

describe('the import graph (scripts/import-graph.mjs)', () => {
  // dependency-cruiser parses the whole of both trees: seconds of CPU, more beside other suites.
  it('has no arrow back and no cycle', { timeout: 120_000 }, () => {
    const run = spawnSync(process.execPath, [path.join(root, 'scripts', 'import-graph.mjs'), '--json'], {
      encoding: 'utf8',
    });
    const graph = JSON.parse(run.stdout) as {
      files: number;
      arrowsBack: unknown[];
      cycles: unknown[];
      unresolved: unknown[];
    };
    expect(graph.files).toBeGreaterThan(0);
    expect({ arrowsBack: graph.arrowsBack, cycles: graph.cycles, unresolved: graph.unresolved }).toEqual({
      arrowsBack: [],
      cycles: [],
      unresolved: [],
    });
  });
});
