/// <reference lib="dom" />
/**
 * Tab strip benchmark: how long switching tabs
 * takes in the built panel with 50 tabs open, against switching with one tab open beside the
 * dashboard (as after Close All), measured in the same run on the same server and browser.
 *
 *   npm run build -w @vitrina/web && npm run bench:tabs
 *   BENCH_TABS=38 BENCH_SWITCHES=60 npm run bench:tabs
 *   BENCH_WEB_DIST=/path/to/other/dist npm run bench:tabs   # another build of the panel
 *
 * It starts the server on a fresh embedded database with the demo data (simulator off, so no
 * fleet traffic moves the numbers), signs in as the platform admin, and drives Debian's
 * Chromium headless (playwright-core, --no-sandbox --disable-gpu). A switch is a click on a
 * tab of the strip until that tab is current and its screen is drawn (no loading spinner
 * left in it, then one frame painted). With 50 tabs open it switches to any tab in a fixed
 * pseudo-random order (the worst case: most of those screens mount again), then back and forth
 * among the five last used (the panel keeps as many mounted). It prints the median and p95 of
 * each scenario and their ratios to the baseline; it is a measurement, not a test, so a missed
 * target does not fail it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { COOKIE } from '@vitrina/contract';
import { chromium, type Page } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const TABS = Number(process.env.BENCH_TABS ?? 50);
const SWITCHES = Number(process.env.BENCH_SWITCHES ?? 60);
const BASELINE_SWITCHES = Number(process.env.BENCH_BASELINE_SWITCHES ?? 30);
/** The tabs a day mostly goes back and forth among (the panel keeps as many mounted). */
const RECENT_TABS = 5;
const TARGET_MS = 300;
const webDist = path.resolve(root, process.env.BENCH_WEB_DIST ?? 'apps/web/dist');
const ADMIN = { email: 'admin@vitrina.local', password: 'admin12345' };
/** The one tab beside the dashboard of the baseline (as after Close All); the day opens it first. */
const BASELINE_PATH = '/device/list';

/** Screens of the menu an operator goes through in a day (every one the demo admin may open). */
const SCREENS = [
  '/device/list',
  '/device/display',
  '/device/transaction',
  '/device/device-group',
  '/device/subscribe/transactions',
  '/product/list',
  '/product/makers',
  '/product/order',
  '/product/rating',
  '/product/programmer',
  '/product/tags',
  '/product/storage',
  '/product/planning',
  '/product/dataset',
  '/category/list',
  '/report/list',
  '/user/list',
  '/user/group',
  '/user/bonus/promotions',
  '/roles/list',
  '/organization/list',
  '/organization/payment/system',
  '/certificate/list',
  '/push/new',
  '/push/queue',
  '/notification/system/channel',
  '/notification/system/client',
  '/error/analytics',
  '/technical/analytics',
  '/technical/jobs',
  '/support/list',
  '/ticket/list',
  '/courier/fridge/list',
  '/dubai/courier',
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED: 'demo',
      SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('Vitrina is running') && resolve());
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  return child;
}

async function api<T>(base: string, url: string, token?: string, body?: object): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The menu's screens, then micromarket and product cards of the demo data, to `count` paths. */
async function pathsToOpen(base: string, token: string, count: number): Promise<string[]> {
  type Page = { items: { id: number }[] };
  const [devices, products] = await Promise.all([
    api<Page>(base, '/v1/device/list?per_page=50', token),
    api<Page>(base, '/v1/product/list?per_page=50', token),
  ]);
  const cards: string[] = [];
  for (let i = 0; i < Math.max(devices.items.length, products.items.length); i++) {
    const device = devices.items[i];
    const product = products.items[i];
    if (device) cards.push(`/device/${device.id}`);
    if (product) cards.push(`/product/${product.id}`);
  }
  const paths = [...SCREENS.filter((screen) => screen !== BASELINE_PATH), ...cards].slice(0, count);
  if (paths.length < count) throw new Error(`only ${paths.length} screens and cards to open, ${count} wanted`);
  return paths;
}

/**
 * What a screen shows while it is not there yet: the page spinner (a lazy screen's code, or
 * its first data) and skeletons. A table refreshing data it already shows is drawn.
 */
const LOADING = '.ant-spin-lg.ant-spin-spinning, .ant-skeleton-active';
const tabCount = (page: Page) => page.locator('.tab-strip__link').count();

/**
 * Opens `path` as a new tab inside the panel (its router, no reload), as a menu or a link
 * does, and waits for it: a tab more in the strip, current, its screen drawn.
 */
async function openInPanel(page: Page, target: string): Promise<void> {
  const before = await tabCount(page);
  await page.evaluate((url) => {
    window.history.pushState(null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, target);
  await page
    .waitForFunction(
      ({ count, loading }) => {
        const links = document.querySelectorAll('.tab-strip__link');
        const pane = document.querySelector('.panel-content > div:not([hidden])');
        return (
          links.length === count + 1 &&
          links[count]?.getAttribute('aria-current') === 'page' &&
          pane !== null &&
          pane.childElementCount > 0 &&
          pane.querySelector(loading) === null
        );
      },
      { count: before, loading: LOADING },
      { timeout: 30_000 },
    )
    .catch(async (error: unknown) => {
      // Which tabs are open and which is current, to tell a slow screen from a missing tab.
      const state = await page.evaluate(() => ({
        path: window.location.pathname,
        tabs: [...document.querySelectorAll('.tab-strip__link')].map(
          (link) => `${link.textContent}${link.getAttribute('aria-current') ? ' (current)' : ''}`,
        ),
      }));
      console.error(`${target} did not open:`, state);
      throw error;
    });
}

/**
 * Clicks the strip's tab at `index` and answers the milliseconds until it is current, its
 * screen is drawn (no page spinner or skeleton in it), and the next frame is painted.
 */
function switchTo(page: Page, index: number): Promise<number> {
  return page.evaluate(
    ({ at, loading }) =>
      new Promise<number>((resolve, reject) => {
        const link = document.querySelectorAll<HTMLButtonElement>('.tab-strip__link')[at];
        if (!link) {
          reject(new Error(`no tab ${at}`));
          return;
        }
        const started = performance.now();
        link.click();
        const check = () => {
          const pane = document.querySelector('.panel-content > div:not([hidden])');
          const isDrawn =
            link.getAttribute('aria-current') === 'page' &&
            pane !== null &&
            pane.childElementCount > 0 &&
            pane.querySelector(loading) === null;
          if (!isDrawn) {
            if (performance.now() - started > 30_000) reject(new Error(`tab ${at} not drawn in 30 s`));
            else requestAnimationFrame(check);
            return;
          }
          // The frame that shows it: measured once the browser has painted it.
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
        };
        requestAnimationFrame(check);
      }),
    { at: index, loading: LOADING },
  );
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? Number.NaN;
};

/** A fixed pseudo-random order, the same every run: tabs far apart in the strip, not only neighbours. */
function* tabOrder(tabs: number, switches: number): Generator<number> {
  let state = 2_463_534_242;
  let last = -1;
  for (let i = 0; i < switches; i++) {
    let next = last;
    while (next === last) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      next = Math.abs(state) % tabs;
    }
    last = next;
    yield next;
  }
}

type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
};

/** BENCH_PROFILE=1: where the switches spent the main thread, by function (self time); best with an unminified build. */
function printProfile(profile: CpuProfile): void {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  (profile.samples ?? []).forEach((id, index) => {
    const frame = byNode.get(id);
    const name = frame
      ? `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}:${frame.lineNumber + 1}`
      : '?';
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas?.[index] ?? 0) / 1000);
  });
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30);
  console.table(top.map(([name, ms]) => ({ function: name.slice(0, 90), 'self ms': Math.round(ms) })));
}

async function main() {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    console.error(
      `No ${path.relative(process.cwd(), webDist)}/index.html: run \`npm run build -w @vitrina/web\` first.`,
    );
    process.exit(1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-tabs-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(port, dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const { token } = await api<{ token: string }>(base, '/v1/user/login', undefined, ADMIN);
    // The dashboard and the baseline's tab are open already.
    const paths = await pathsToOpen(base, token, TABS - 2);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    await context.addCookies([{ name: COOKIE.token, value: token, url: base }]);
    // tsx names the functions it compiles with a `__name` helper, which the page lacks.
    await context.addInitScript('window.__name = (fn) => fn');
    const page = await context.newPage();
    await page.goto(`${base}/dashboard`);
    await page.locator('.tab-strip__link').first().waitFor();

    // Baseline: the dashboard and one screen, as after Close All.
    await openInPanel(page, BASELINE_PATH);
    const baseline: number[] = [];
    for (let i = 0; i < BASELINE_SWITCHES; i++) baseline.push(await switchTo(page, i % 2 === 0 ? 0 : 1));

    // The day: every path opened as a tab (the dashboard is the affixed one), then switches across the strip.
    for (const target of paths) await openInPanel(page, target);
    const open = await tabCount(page);
    if (open < TABS) console.warn(`${open} tabs in the strip after opening ${paths.length + 1} paths`);
    const profiler = process.env.BENCH_PROFILE ? await context.newCDPSession(page) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.start');
    }
    const many: number[] = [];
    const slowest: { ms: number; tab: string }[] = [];
    for (const index of tabOrder(open, SWITCHES)) {
      const ms = await switchTo(page, index);
      many.push(ms);
      if (process.env.BENCH_SLOWEST) slowest.push({ ms, tab: await page.evaluate(() => window.location.pathname) });
    }
    if (profiler) printProfile((await profiler.send('Profiler.stop')).profile);
    // The way a day mostly goes: back and forth among the few tabs in use, with 50 open.
    const used = [...new Set([...tabOrder(open, SWITCHES)].reverse())].slice(0, RECENT_TABS);
    const recent: number[] = [];
    for (let i = 0; i < BASELINE_SWITCHES; i++) recent.push(await switchTo(page, used[i % used.length]!));

    const row = (name: string, tabs: number, values: number[]) => ({
      scenario: name,
      tabs,
      switches: values.length,
      'median ms': Math.round(percentile(values, 0.5)),
      'p95 ms': Math.round(percentile(values, 0.95)),
      'max ms': Math.round(Math.max(...values)),
    });
    console.table([
      row('one tab beside the dashboard', 2, baseline),
      row(`${open} tabs open, any of them`, open, many),
      row(`${open} tabs open, the ${RECENT_TABS} last used`, open, recent),
    ]);
    const ratios = (values: number[]) =>
      `median ${(percentile(values, 0.5) / percentile(baseline, 0.5)).toFixed(2)}×, p95 ${(percentile(values, 0.95) / percentile(baseline, 0.95)).toFixed(2)}×`;
    // BENCH_SLOWEST=1: which screens the slowest switches went to.
    if (process.env.BENCH_SLOWEST) {
      console.table(
        slowest
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 10)
          .map((item) => ({ ...item, ms: Math.round(item.ms) })),
      );
    }
    console.log(`ratio to one tab: any tab ${ratios(many)}; the ${RECENT_TABS} last used ${ratios(recent)}`);
    const ofTarget = (values: number[]) =>
      `median ${Math.round(percentile(values, 0.5))} ms (${(percentile(values, 0.5) / TARGET_MS).toFixed(2)}), p95 ${Math.round(percentile(values, 0.95))} ms (${(percentile(values, 0.95) / TARGET_MS).toFixed(2)})`;
    console.log(`target: a switch under ${TARGET_MS} ms with ${open} tabs: any tab ${ofTarget(many)}`);
    console.log(`  the ${RECENT_TABS} last used ${ofTarget(recent)}`);
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
