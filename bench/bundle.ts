/**
 * Front-end bundle benchmark: how many gzipped bytes of JavaScript and CSS the built panel
 * makes a browser download to show the login page, and to sign in and see the dashboard.
 * It reads the build (`npm run build -w @vitrina/web`), never a dev server:
 *
 *   npm run bench:bundle            # the table
 *   npm run bench:bundle -- --files # and every file each page loads
 *
 * A page loads what index.html names (its entry script, module preloads and stylesheets),
 * then, for every lazy module it renders (a screen, the panel shell, the active locale's
 * texts), that chunk with its static imports and their CSS, as Vite's manifest lists them.
 * Sizes are gzip at zlib's default level, as Vite's own build report counts them. It prints
 * figures and ratios against the targets; it is a measurement, not a test, so a missed
 * target does not change the exit code.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

type ManifestChunk = {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

type Page = {
  name: string;
  targetKib: number;
  /** Manifest keys of the lazily imported modules or chunks the page needs, beyond index.html. */
  lazyModules: readonly RegExp[];
};

const KIB = 1024;
const dist = path.resolve(import.meta.dirname, '..', process.env.BENCH_WEB_DIST ?? 'apps/web/dist');

/**
 * What a browser in English (the default locale) fetches to show the login screen: the screen,
 * the list of the language's text files and its core texts (one chunk per language, named `locale-core-<lng>` by
 * vite.config.ts; a feature's own texts, `locale-<lng>-<file>`, come with its screens).
 * Ant Design and dayjs carry English in their core, so English adds no locale chunk of theirs.
 */
const LOGIN_MODULES = [
  /^src\/features\/auth\/screens\/login\.tsx$/,
  // The list of English text files (src/locales/index.ts), then the core texts.
  /^src\/locales\/en\/files\.ts$/,
  /^_locale-core-en-/,
];
/**
 * Signing in adds the panel shell and the dashboard. The login form's schema check (zod, the
 * schema, the contract's messages) is fetched only for input its quick check refuses, so a
 * sign-in that succeeds does not download it.
 */
const SIGN_IN_MODULES = [
  /^src\/app\/layout\/panel-layout\.tsx$/,
  /^src\/features\/dashboard\/screens\/dashboard\.tsx$/,
];

const PAGES: readonly Page[] = [
  { name: 'login', targetKib: 250, lazyModules: LOGIN_MODULES },
  { name: 'login + dashboard', targetKib: 300, lazyModules: [...LOGIN_MODULES, ...SIGN_IN_MODULES] },
];

function readManifest(): Manifest {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) {
    console.error(`No ${path.relative(process.cwd(), file)}: run \`npm run build -w @vitrina/web\` first.`);
    process.exit(1);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** The entry script, module preloads and stylesheets that index.html itself names. */
function htmlAssets(): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const files: string[] = [];
  for (const tag of tags) {
    const isScript = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreload = /rel="(modulepreload|stylesheet)"/.test(tag);
    const url = /(?:src|href)="\/?([^"]+)"/.exec(tag)?.[1];
    if (url && (isScript || isPreload) && /\.(js|css)$/.test(url)) files.push(url);
  }
  return files;
}

/** A chunk, its CSS and, transitively, every chunk it imports statically. */
function collectChunk(manifest: Manifest, key: string, files: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collectChunk(manifest, imported, files);
}

function pageFiles(manifest: Manifest, page: Page): { files: Set<string>; missing: RegExp[] } {
  const files = new Set(htmlAssets());
  const missing: RegExp[] = [];
  const lazyKeys = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
  for (const pattern of page.lazyModules) {
    const keys = [...lazyKeys].filter((key) => pattern.test(key));
    if (keys.length === 0) missing.push(pattern);
    for (const key of keys) collectChunk(manifest, key, files);
  }
  return { files, missing };
}

const gzipSizes = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
    gzipSizes.set(file, size);
  }
  return size;
}

const kib = (bytes: number) => (bytes / KIB).toFixed(1);

function main(): void {
  const manifest = readManifest();
  const isListingFiles = process.argv.includes('--files');
  const rows = PAGES.map((page) => {
    const { files, missing } = pageFiles(manifest, page);
    const sized = [...files].map((file) => ({ file, bytes: gzipSize(file) })).sort((a, b) => b.bytes - a.bytes);
    const js = sized.filter((item) => item.file.endsWith('.js')).reduce((sum, item) => sum + item.bytes, 0);
    const css = sized.filter((item) => item.file.endsWith('.css')).reduce((sum, item) => sum + item.bytes, 0);
    return { page, sized, missing, js, css, total: js + css };
  });

  console.table(
    rows.map((row) => ({
      page: row.page.name,
      files: row.sized.length,
      'JS KiB': kib(row.js),
      'CSS KiB': kib(row.css),
      'total KiB': kib(row.total),
      'target KiB': row.page.targetKib,
      'size/target': (row.total / KIB / row.page.targetKib).toFixed(2),
    })),
  );
  for (const row of rows) {
    for (const pattern of row.missing) {
      console.log(`${row.page.name}: no lazy chunk for ${pattern}: it is bundled into the static graph, or gone.`);
    }
    if (!isListingFiles) continue;
    console.log(`\n${row.page.name}:`);
    for (const item of row.sized) console.log(`  ${kib(item.bytes).padStart(7)} KiB  ${item.file}`);
  }
}

main();
