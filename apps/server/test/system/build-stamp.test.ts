import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Build, fingerprint, isUpToDate, writeStamp } from '../../../../scripts/build-stamp.mjs';

/** `npm start` skips a build whose output is stamped with its inputs' fingerprint. */
describe('the build stamp', () => {
  let root: string;
  const build: Build = {
    inputs: ['package-lock.json', 'app/src', 'app/build.config.js'],
    output: 'app/dist',
    required: ['main.js'],
  };
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  /** Sets a file's modification time, seconds from a fixed instant: no waiting for the clock. */
  const touch = (file: string, seconds: number) => {
    const at = new Date(Date.UTC(2026, 10, 26) + seconds * 1_000);
    fs.utimesSync(path.join(root, file), at, at);
  };
  /** What a build does: its output, then the stamp of the inputs as they were when it began. */
  const runBuild = () => {
    const print = fingerprint(root, build.inputs);
    write('app/dist/main.js', 'built');
    writeStamp(root, build, print);
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
    write('package-lock.json', '{}');
    write('app/src/a.ts', 'export const a = 1;');
    write('app/src/nested/b.ts', 'export const b = 2;');
    write('app/build.config.js', 'export default {};');
    for (const [index, file] of [
      'package-lock.json',
      'app/src/a.ts',
      'app/src/nested/b.ts',
      'app/build.config.js',
    ].entries())
      touch(file, index);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('needs a build when there is no output, and not after one with nothing changed', () => {
    expect(isUpToDate(root, build)).toBe(false);
    runBuild();
    expect(isUpToDate(root, build)).toBe(true);
    expect(isUpToDate(root, build)).toBe(true);
  });

  it('needs a build when a source is edited, even with its old modification time back', () => {
    runBuild();
    touch('app/src/nested/b.ts', 100);
    expect(isUpToDate(root, build)).toBe(false);
    runBuild();
    expect(isUpToDate(root, build)).toBe(true);
    // Same length, same time as before: the size and time are what is compared, so a change
    // of length shows even when a tool restores the time.
    write('app/src/a.ts', 'export const a = 10;');
    touch('app/src/a.ts', 1);
    expect(isUpToDate(root, build)).toBe(false);
  });

  it('needs a build when a source is touched to an older time', () => {
    runBuild();
    touch('app/src/a.ts', -3_600);
    expect(isUpToDate(root, build)).toBe(false);
  });

  it('needs a build when a source is added or removed', () => {
    runBuild();
    write('app/src/c.ts', 'export const c = 3;');
    touch('app/src/c.ts', 0);
    expect(isUpToDate(root, build)).toBe(false);
    runBuild();
    fs.rmSync(path.join(root, 'app/src/nested/b.ts'));
    expect(isUpToDate(root, build)).toBe(false);
  });

  it('needs a build when the lockfile or the build configuration changed', () => {
    runBuild();
    touch('package-lock.json', 50);
    expect(isUpToDate(root, build)).toBe(false);
    runBuild();
    touch('app/build.config.js', 50);
    expect(isUpToDate(root, build)).toBe(false);
  });

  it('needs a build when the output lost a required file', () => {
    runBuild();
    fs.rmSync(path.join(root, 'app/dist/main.js'));
    expect(isUpToDate(root, build)).toBe(false);
  });

  it('ignores what is written under node_modules and dist inside a source folder', () => {
    runBuild();
    write('app/src/node_modules/x/index.js', 'x');
    write('app/src/dist/out.js', 'y');
    expect(isUpToDate(root, build)).toBe(true);
  });
});
