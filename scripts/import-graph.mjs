// The import graph of the server and the web panel, counted against the layers of
// CONVENTIONS 11 and DESIGN 8: `node scripts/import-graph.mjs` prints the arrows back (an import
// from a lower layer to a higher one, one feature or module into another, or past a module's or
// feature's index) and the import cycles, each named, and exits 1 when there is either.
// `--json` prints the same as one JSON object. Tests are left out: they sit above every layer.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Each tree's layers from the bottom up: a file may import its own layer and the ones below.
 * `unit` names the directory whose subfolders are units (modules, features): from outside, a
 * unit is reached only through its index; `unitsMeet` says whether units may use each other
 * (through the index) at all.
 */
const TREES = [
  {
    dir: 'apps/server/src',
    unit: 'modules',
    unitsMeet: true,
    layers: [
      { name: 'lib/db', match: (file) => /^(lib|db)\//.test(file) },
      { name: 'plugins', match: (file) => file.startsWith('plugins/') },
      { name: 'modules', match: (file) => file.startsWith('modules/') },
      // The MQTT gateway, an inbound adapter as the HTTP routes are: it calls the modules' services.
      { name: 'gateway', match: (file) => file.startsWith('gateway/') },
      { name: 'demo', match: (file) => file.startsWith('demo/') },
      { name: 'app', match: (file) => !file.includes('/') },
    ],
  },
  {
    dir: 'apps/web/src',
    unit: 'features',
    unitsMeet: false,
    layers: [
      { name: 'lib/components', match: (file) => /^(lib|components|locales)\/|^[^/]+\.css$/.test(file) },
      { name: 'features', match: (file) => file.startsWith('features/') },
      { name: 'app', match: (file) => file.startsWith('app/') || !file.includes('/') },
    ],
  },
];

const SOURCE = /\.(ts|tsx)$/;
const NOT_LAYERED = /\.(test|fixtures)\.tsx?$|\.d\.ts$/;
const STATIC_IMPORT = /^\s*(?:import|export)\s+(type\s+)?[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm;
const BARE_IMPORT = /^\s*import\s*()['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*()['"]([^'"]+)['"]\s*\)/g;

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return SOURCE.test(entry.name) && !NOT_LAYERED.test(entry.name) ? [full] : [];
  });
}

/** Each specifier a file imports, and whether only types come through it (`import type`, which the compiler drops). */
function specifiersOf(source) {
  const typeOnly = new Map();
  for (const pattern of [STATIC_IMPORT, BARE_IMPORT, DYNAMIC_IMPORT])
    for (const [, type, specifier] of source.matchAll(pattern))
      typeOnly.set(specifier, Boolean(type) && typeOnly.get(specifier) !== false);
  return typeOnly;
}

/** The file a relative specifier names: `.js` stands for `.ts`/`.tsx`, and the web leaves extensions off. */
function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.js$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile()) ?? null;
}

/** `modules/sales/sales.service.ts` → { unit: 'sales', isIndex: false }. */
function unitOf(tree, file) {
  const parts = file.split('/');
  if (parts[0] !== tree.unit || parts.length < 3) return null;
  return { unit: parts[1], isIndex: parts.length === 3 && /^index\.tsx?$/.test(parts[2]) };
}

function layerOf(tree, file) {
  const index = tree.layers.findIndex((layer) => layer.match(file));
  return index === -1 ? null : { rank: index, name: tree.layers[index].name };
}

/** Why an import is an arrow back, or null when it follows the layers. */
function arrowBack(tree, from, to) {
  const fromLayer = layerOf(tree, from);
  const toLayer = layerOf(tree, to);
  if (!fromLayer || !toLayer) return `outside the layers (${fromLayer ? to : from})`;
  if (toLayer.rank > fromLayer.rank) return `${fromLayer.name} → ${toLayer.name}`;
  const fromUnit = unitOf(tree, from);
  const toUnit = unitOf(tree, to);
  if (!toUnit || fromUnit?.unit === toUnit.unit) return null;
  if (fromUnit && !tree.unitsMeet) return `${tree.unit} → another of the ${tree.unit}`;
  return toUnit.isIndex ? null : `past ${tree.unit}/${toUnit.unit}/index`;
}

/** Tarjan's strongly connected components; a component of more than one file, or a file importing itself, is a cycle. */
function cyclesOf(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const visit = (start) => {
    // Iterative, so a long import chain cannot overflow the call stack.
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next);
    next += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, at] = frame;
      const targets = [...(edges.get(node) ?? [])];
      if (at < targets.length) {
        frame[1] += 1;
        const target = targets[at];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next);
          next += 1;
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) !== index.get(node)) continue;
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || edges.get(node)?.has(node)) cycles.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

export function importGraph() {
  const arrows = [];
  const unresolved = [];
  const edges = new Map();
  const runtimeEdges = new Map();
  let files = 0;
  let imports = 0;
  for (const tree of TREES) {
    const treeRoot = path.join(root, tree.dir);
    for (const full of walk(treeRoot)) {
      files += 1;
      const from = path.relative(treeRoot, full);
      const targets = new Set();
      const runtimeTargets = new Set();
      edges.set(path.join(tree.dir, from), targets);
      runtimeEdges.set(path.join(tree.dir, from), runtimeTargets);
      for (const [specifier, typeOnly] of specifiersOf(fs.readFileSync(full, 'utf8'))) {
        if (!specifier.startsWith('.')) continue;
        const resolved = resolve(full, specifier);
        if (!resolved) {
          unresolved.push({ from: path.join(tree.dir, from), specifier });
          continue;
        }
        imports += 1;
        const to = path.relative(treeRoot, resolved);
        targets.add(path.relative(root, resolved));
        if (!typeOnly) runtimeTargets.add(path.relative(root, resolved));
        const reason = to.startsWith('..') ? `out of ${tree.dir}` : arrowBack(tree, from, to);
        if (reason) arrows.push({ from: path.join(tree.dir, from), specifier, reason });
      }
    }
  }
  // Biome's noImportCycles leaves type-only imports out by default; these count them too.
  const runtimeCycles = cyclesOf(runtimeEdges).length;
  return { files, imports, arrowsBack: arrows, cycles: cyclesOf(edges), runtimeCycles, unresolved };
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const graph = importGraph();
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(graph, null, 2)}\n`);
  } else {
    const lines = [`${graph.files} files, ${graph.imports} relative imports`];
    lines.push(`arrows back: ${graph.arrowsBack.length}`);
    for (const arrow of graph.arrowsBack) lines.push(`  ${arrow.from} → '${arrow.specifier}' (${arrow.reason})`);
    lines.push(`cycles: ${graph.cycles.length} (${graph.runtimeCycles} without type-only imports)`);
    for (const cycle of graph.cycles) lines.push(`  ${cycle.join(' ⇄ ')}`);
    if (graph.unresolved.length > 0) {
      lines.push(`unresolved: ${graph.unresolved.length}`);
      for (const miss of graph.unresolved) lines.push(`  ${miss.from} → '${miss.specifier}'`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  process.exit(graph.arrowsBack.length + graph.cycles.length + graph.unresolved.length === 0 ? 0 : 1);
}
