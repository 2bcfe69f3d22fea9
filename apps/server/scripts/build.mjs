// The server's production build (`npm start`): src/main.ts, src/backup.ts and the demo fleet's
// simulator bundled into dist/ as plain JavaScript, so the server starts without compiling
// TypeScript at run time (tsx stays for development and the tests). Our own workspace
// packages (@vitrina/contract, the simulator's sources) are bundled in, since they ship as
// TypeScript; every other package is left to node_modules, as installed by `npm ci`.
// `--if-changed` (what `npm start` passes) skips the build when dist/ holds the build of the
// current sources (scripts/build-stamp.mjs); without it the server is always rebuilt.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { BUILDS, fingerprint, isUpToDate, writeStamp } from '../../../scripts/build-stamp.mjs';

const here = import.meta.dirname;
const root = path.resolve(here, '..');
const repository = path.resolve(root, '../..');
const dist = path.join(root, 'dist');

if (process.argv.includes('--if-changed') && isUpToDate(repository, BUILDS.server)) {
  process.stdout.write('server build is up to date (apps/server/dist), not rebuilt\n');
  process.exit(0);
}
// Taken before the build: a source edited while it runs makes the next start build again.
const print = fingerprint(repository, BUILDS.server.inputs);
fs.rmSync(dist, { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints: {
    main: path.join(root, 'src/main.ts'),
    backup: path.join(root, 'src/backup.ts'),
    simulator: path.join(root, '../simulator/src/main.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // Chunks shared by the entry points (the contract), loaded once per process.
  splitting: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'packages-from-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@vitrina/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
writeStamp(repository, BUILDS.server, print);
process.stdout.write(`server built into ${path.relative(process.cwd(), dist) || dist} in ${Date.now() - started} ms\n`);
