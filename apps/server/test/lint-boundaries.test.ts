import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The architecture's boundaries are lint zones in biome.json (issue 26). Each case plants one
 * file at its path in a scratch copy of the tree (the real biome.json beside it, nothing else)
 * and one Biome run lints them all: a planted violation must be refused by noRestrictedImports,
 * and a clean file at the same depth must pass, so a zone that refuses everything fails too.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const biome = path.join(root, 'node_modules', '.bin', 'biome');

type Plant = { file: string; source: string };

const web = (file: string) => `apps/web/src/${file}`;
const server = (file: string) => `apps/server/src/${file}`;

const REFUSED: Record<string, Plant> = {
  'a feature file at depth 1 importing another feature': {
    file: web('features/planted/planted.ts'),
    source: "import { DeviceCardScreen } from '../devices/index.js';\n",
  },
  'a feature file at depth 2 importing another feature': {
    file: web('features/planted/screens/planted.tsx'),
    source: "import { DeviceFormDrawer } from '../../devices/components/device-form-drawer';\n",
  },
  'a feature file at depth 3 importing another feature': {
    file: web('features/planted/components/tabs/planted.tsx'),
    source: "import { DeviceCardScreen } from '../../../devices/index.js';\n",
  },
  'a feature file at depth 4 importing another feature': {
    file: web('features/planted/components/tabs/rows/planted.tsx'),
    source: "import { columns } from '../../../../products/components/columns';\n",
  },
  'a feature file deeper than the zones reaching out of its feature': {
    file: web('features/planted/a/b/c/d/planted.tsx'),
    source: "import { DeviceCardScreen } from '../../../../../devices/index.js';\n",
  },
  'a feature file at depth 2 importing the app': {
    file: web('features/planted/screens/planted-app.tsx'),
    source: "import { SessionGate } from '../../../app/session/session-gate';\n",
  },
  'a feature file at depth 3 importing the app': {
    file: web('features/planted/components/tabs/planted-app.tsx'),
    source: "import { SessionGate } from '../../../../app/session/session-gate';\n",
  },
  'lib importing a feature': {
    file: web('lib/planted.ts'),
    source: "import { DeviceCardScreen } from '../features/devices/index.js';\n",
  },
  'a lib subfolder importing the app': {
    file: web('lib/queries/planted.ts'),
    source: "import { useTabs } from '../../app/tabs/tabs-store';\n",
  },
  'components importing a feature': {
    file: web('components/orders/planted.tsx'),
    source: "import { OrderListScreen } from '../../features/orders/index.js';\n",
  },
  'the app past a feature’s index': {
    file: web('app/layout/planted.tsx'),
    source: "import { DeviceFormDrawer } from '../../features/devices/components/device-form-drawer';\n",
  },
  'a module importing another module’s internals': {
    file: server('modules/planted/planted.service.ts'),
    source: "import { findSale } from '../sales/sales.repository.js';\n",
  },
  'a module file at depth 2 importing another module’s internals': {
    file: server('modules/planted/parts/planted.ts'),
    source: "import { findSale } from '../../sales/sales.repository.js';\n",
  },
  'a module importing app.js': {
    file: server('modules/planted/planted.routes.ts'),
    source: "import { buildApp } from '../../app.js';\n",
  },
  'a module importing the demo seeding': {
    file: server('modules/planted/planted-demo.ts'),
    source: "import { seedDemo } from '../../demo/seed.js';\n",
  },
  'lib importing a module': {
    file: server('lib/planted.ts'),
    source: "import { priceItems } from '../modules/sales/index.js';\n",
  },
  'db importing a module': {
    file: server('db/schema/planted.ts'),
    source: "import { priceItems } from '../../modules/sales/index.js';\n",
  },
  'lib importing a plugin': {
    file: server('lib/planted-plugin.ts'),
    source: "import { actorOf } from '../plugins/auth.js';\n",
  },
  'a plugin importing a module': {
    file: server('plugins/planted.ts'),
    source: "import { authRoutes } from '../modules/auth/index.js';\n",
  },
  'a module importing the gateway': {
    file: server('modules/planted/planted-gateway.ts'),
    source: "import { Gateway } from '../../gateway/index.js';\n",
  },
  'lib importing the gateway': {
    file: server('lib/planted-gateway.ts'),
    source: "import { Gateway } from '../gateway/index.js';\n",
  },
  'the gateway past a module’s index': {
    file: server('gateway/planted.ts'),
    source: "import { findSale } from '../modules/sales/sales.repository.js';\n",
  },
  'a gateway file at depth 2 past a module’s index': {
    file: server('gateway/channels/planted.ts'),
    source: "import { findSale } from '../../modules/sales/sales.repository.js';\n",
  },
  'the gateway importing app.js': {
    file: server('gateway/planted-app.ts'),
    source: "import { buildApp } from '../app.js';\n",
  },
  'the demo seeding past a module’s index': {
    file: server('demo/planted.ts'),
    source: "import { priceItems } from '../modules/sales/pricing.js';\n",
  },
  'the composition root past a module’s index': {
    file: server('planted.ts'),
    source: "import { SaleSettler } from './modules/sales/sale-settler.js';\n",
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
      "import { DeviceCardScreen } from '../../features/devices/index.js';\nimport { formatMoney } from '../../lib/format';\nimport { useTabs } from '../tabs/tabs-store';\n",
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
  'the gateway': {
    file: server('gateway/clean.ts'),
    source:
      "import { db } from '../db/client.js';\nimport { AppError } from '../lib/errors.js';\nimport { priceItems } from '../modules/sales/index.js';\nimport { plantedHandler } from './channels/clean.js';\n",
  },
  'a gateway file at depth 2': {
    file: server('gateway/channels/clean.ts'),
    source:
      "import { AppError } from '../../lib/errors.js';\nimport { priceItems } from '../../modules/sales/index.js';\nimport { GatewayStats } from '../gateway-stats.js';\n",
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
};

/** Two files importing each other's types: type-only cycles count too (`ignoreTypes: false`). */
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

type Diagnostic = { category: string; message: string; location: { path: string; start: { line: number } } };

let scratch = '';
const found = new Map<string, Diagnostic[]>();

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-lint-boundaries-'));
  fs.copyFileSync(path.join(root, 'biome.json'), path.join(scratch, 'biome.json'));
  for (const plant of [...Object.values(REFUSED), ...Object.values(CLEAN), ...CYCLE]) {
    fs.mkdirSync(path.dirname(path.join(scratch, plant.file)), { recursive: true });
    fs.writeFileSync(path.join(scratch, plant.file), plant.source);
  }
  // The scratch folder is no git work tree: the config's VCS integration is turned off for it.
  const run = spawnSync(
    biome,
    [
      'lint',
      `--config-path=${path.join(scratch, 'biome.json')}`,
      '--vcs-enabled=false',
      '--only=style/noRestrictedImports',
      '--only=suspicious/noImportCycles',
      '--reporter=json',
      '--max-diagnostics=none',
      'apps',
    ],
    { cwd: scratch, encoding: 'utf8' },
  );
  const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
  for (const diagnostic of report.diagnostics) {
    const where = diagnostic.location.path;
    found.set(where, [...(found.get(where) ?? []), diagnostic]);
  }
});

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

const categoriesOf = (file: string) => (found.get(file) ?? []).map((diagnostic) => diagnostic.category);

describe('the lint boundaries, at any depth', () => {
  it.each(Object.entries(REFUSED))('refuses %s', (_, plant) => {
    expect(categoriesOf(plant.file)).toContain('lint/style/noRestrictedImports');
  });

  it.each(Object.entries(CLEAN))('lets %s import what its layer may', (_, plant) => {
    expect(found.get(plant.file) ?? []).toEqual([]);
  });

  it('refuses an import cycle, through types too', () => {
    for (const plant of CYCLE) expect(categoriesOf(plant.file)).toEqual(['lint/suspicious/noImportCycles']);
  });
});

describe('the import graph (scripts/import-graph.mjs)', () => {
  it('has no arrow back and no cycle', () => {
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
