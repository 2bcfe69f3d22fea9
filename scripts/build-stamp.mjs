// Whether a build's output is still the build of its sources, so `npm start` skips a build
// that nothing changed. A build writes a stamp into its output folder: a hash of
// every input file's path, size and modification time. The output is up to date while the
// stamp is there, its required files are there, and the inputs hash to the same value: any
// file edited, touched (even to an older time), added or removed changes the hash. Walking
// the sources' metadata costs a few milliseconds; nothing is read or compiled.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const STAMP_FILE = '.build-stamp';

/** Folders inside an input folder that are never inputs (installed packages, outputs, caches). */
const SKIPPED = new Set(['node_modules', 'dist', '.vite', '.tsbuild', '.git']);

/**
 * The two builds `npm start` runs, their inputs and output relative to the repository's root.
 * Each names its own sources, the workspace packages it bundles, its build configuration and
 * the lockfile (another version of a dependency is another build).
 */
export const BUILDS = {
  web: {
    inputs: [
      'package-lock.json',
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
      'packages/contract/src',
      'packages/contract/package.json',
    ],
    output: 'apps/web/dist',
    required: ['index.html'],
  },
  server: {
    inputs: [
      'package-lock.json',
      'apps/server/src',
      'apps/server/scripts',
      'apps/server/package.json',
      'apps/simulator/src',
      'apps/simulator/package.json',
      'packages/contract/src',
      'packages/contract/package.json',
      'scripts/build-stamp.mjs',
    ],
    output: 'apps/server/dist',
    required: ['main.js', 'backup.js', 'simulator.js'],
  },
};

/** Every file under `input` (a file or a folder), as paths relative to `root`, sorted. */
function filesOf(root, input) {
  const full = path.join(root, input);
  let stat;
  try {
    stat = fs.statSync(full);
  } catch {
    return [];
  }
  if (!stat.isDirectory()) return [input];
  const found = [];
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED.has(entry.name)) continue;
    const relative = path.join(input, entry.name);
    if (entry.isDirectory()) found.push(...filesOf(root, relative));
    else if (entry.isFile()) found.push(relative);
  }
  return found.sort();
}

/** The hash of the inputs' paths, sizes and modification times (a missing input counts as missing). */
export function fingerprint(root, inputs) {
  const hash = crypto.createHash('sha256');
  for (const input of inputs) {
    const files = filesOf(root, input);
    if (files.length === 0) hash.update(`${input}\tmissing\n`);
    for (const file of files) {
      const stat = fs.statSync(path.join(root, file));
      hash.update(`${file.split(path.sep).join('/')}\t${stat.size}\t${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

/** Whether `output` holds a build of exactly these inputs: its stamp matches and its required files exist. */
export function isUpToDate(root, build) {
  const output = path.join(root, build.output);
  let stamp;
  try {
    stamp = fs.readFileSync(path.join(output, STAMP_FILE), 'utf8').trim();
  } catch {
    return false;
  }
  if (!build.required.every((file) => fs.existsSync(path.join(output, file)))) return false;
  return stamp === fingerprint(root, build.inputs);
}

/** Records that `output` was built from inputs with this fingerprint (taken before the build began). */
export function writeStamp(root, build, print) {
  fs.writeFileSync(path.join(root, build.output, STAMP_FILE), `${print}\n`);
}
