// `node scripts/build-if-changed.mjs`: builds the web panel (`npm run build -w @vitrina/web`)
// unless apps/web/dist already holds the build of the current sources (scripts/build-stamp.mjs),
// then stamps it. `npm start` runs it before the server's own `build.mjs --if-changed`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { BUILDS, fingerprint, isUpToDate, writeStamp } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const build = BUILDS.web;

if (isUpToDate(root, build)) {
  process.stdout.write(`web panel build is up to date (${build.output}), not rebuilt\n`);
  process.exit(0);
}
// Taken before the build: a source edited while it runs makes the next start build again.
const print = fingerprint(root, build.inputs);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(npm, ['run', 'build', '-w', '@vitrina/web'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
writeStamp(root, build, print);
