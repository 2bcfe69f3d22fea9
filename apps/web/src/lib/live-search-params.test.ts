import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) yield path;
  }
}

describe('the link of a screen', () => {
  it('is read and changed through useLiveSearchParams only, so two quick changes both stay', () => {
    const readers = [...sourceFiles(SRC)]
      .filter((path) => /\buseSearchParams\b/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SRC, path));
    expect(readers).toEqual(['lib/live-search-params.ts']);
  });
});
