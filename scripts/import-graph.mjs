// The import graph of the server and the web panel against the layers in .dependency-cruiser.mjs:
// `node scripts/import-graph.mjs` (or `npm run graph`) prints the files, the relative imports, the
// arrows back and cycles, each named, and the server's floors; it exits 1 on an arrow back, a
// cycle or an unresolved import. `--json` prints the same as one JSON object.
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const root = path.resolve(import.meta.dirname, '..');
const TREES = ['apps/server/src', 'apps/web/src'];
const LAYERED = /^apps\/(server|web)\/src\/.*\.tsx?$/;
const TEST = /\.(test|fixtures)\.tsx?$/;

/** Cruises `dirs` under `baseDir` with the project's rules: every module and every violation. */
export async function cruiseLayers(baseDir = root, dirs = TREES) {
  const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.mjs'));
  const { output } = await cruise(dirs, { ...options, baseDir });
  if (typeof output === 'string') throw new Error(output);
  return output;
}

/** `modules/sales/x.ts` → 'modules/sales'; the other folders of src/ are one unit each, its root files 'app'. */
function unitOf(file) {
  const parts = file.replace(/^apps\/server\/src\//, '').split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? parts[0] : 'app';
}

/**
 * How many floors the server stands: the longest chain of units (each module, and lib, db,
 * plugins, gateway, demo and the app) that import one another, type-only imports included.
 */
function floorsOf(modules) {
  const edges = new Map();
  for (const module of modules) {
    if (!module.source.startsWith('apps/server/src/') || TEST.test(module.source)) continue;
    const from = unitOf(module.source);
    if (!edges.has(from)) edges.set(from, new Set());
    for (const dependency of module.dependencies) {
      if (!dependency.resolved.startsWith('apps/server/src/')) continue;
      const to = unitOf(dependency.resolved);
      if (to !== from) edges.get(from).add(to);
    }
  }
  const chains = new Map();
  const chainOf = (unit, seen = new Set()) => {
    if (chains.has(unit)) return chains.get(unit);
    if (seen.has(unit)) return [];
    seen.add(unit);
    let longest = [];
    for (const below of edges.get(unit) ?? []) {
      const chain = chainOf(below, seen);
      if (chain.length > longest.length) longest = chain;
    }
    seen.delete(unit);
    chains.set(unit, [unit, ...longest]);
    return chains.get(unit);
  };
  const chain = [...edges.keys()].map((unit) => chainOf(unit)).reduce((a, b) => (b.length > a.length ? b : a), []);
  return { floors: chain.length, chain };
}

export async function importGraph(baseDir = root) {
  const { modules, summary } = await cruiseLayers(baseDir);
  const layered = modules.filter((module) => LAYERED.test(module.source) && !TEST.test(module.source));
  // One per file and specifier, however many statements name it (`import type` beside `import`).
  const imports = new Set(
    layered.flatMap((module) =>
      module.dependencies
        .filter((dependency) => dependency.dependencyTypes.includes('local') && !dependency.couldNotResolve)
        .map((dependency) => `${module.source} ${dependency.module}`),
    ),
  );
  const named = (violation) => ({ from: violation.from, to: violation.to, rule: violation.rule.name });
  const cycles = new Map();
  for (const violation of summary.violations.filter((v) => v.rule.name === 'no-cycle')) {
    const members = [...new Set([violation.from, ...violation.cycle.map((step) => step.name)])].sort();
    cycles.set(members.join(' ⇄ '), members);
  }
  return {
    files: layered.length,
    imports: imports.size,
    arrowsBack: summary.violations.filter((v) => !['no-cycle', 'unresolved'].includes(v.rule.name)).map(named),
    cycles: [...cycles.values()],
    unresolved: summary.violations.filter((v) => v.rule.name === 'unresolved').map(named),
    ...floorsOf(modules),
  };
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const graph = await importGraph();
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(graph, null, 2)}\n`);
  } else {
    const lines = [`${graph.files} files, ${graph.imports} relative imports`];
    lines.push(`arrows back: ${graph.arrowsBack.length}`);
    for (const arrow of graph.arrowsBack) lines.push(`  ${arrow.from} → ${arrow.to} (${arrow.rule})`);
    lines.push(`cycles: ${graph.cycles.length} (type-only imports included)`);
    for (const cycle of graph.cycles) lines.push(`  ${cycle.join(' ⇄ ')}`);
    if (graph.unresolved.length > 0) {
      lines.push(`unresolved: ${graph.unresolved.length}`);
      for (const miss of graph.unresolved) lines.push(`  ${miss.from} → '${miss.to}'`);
    }
    lines.push(`floors (server): ${graph.floors}, ${graph.chain.join(' → ')}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  process.exit(graph.arrowsBack.length + graph.cycles.length + graph.unresolved.length === 0 ? 0 : 1);
}
