import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against a real
 * server on a fresh embedded database with the demo's organisations, roles and users
 * (SEED=e2e: the specs make the catalogue rows they use, so the demo catalogue is left out).
 */
const PORT = Number(process.env.E2E_PORT ?? 8790);
/** The embedded broker beside it, so runs on several E2E_PORTs do not clash on 1883; specs that play a fridge connect here. */
const MQTT_PORT = PORT + 1000;
process.env.E2E_MQTT_URL = `mqtt://127.0.0.1:${MQTT_PORT}`;
const DATA_DIR = path.join(os.tmpdir(), `vitrina-e2e-${PORT}`);
/** The fleet map's tiles come from a local stand-in (fixtures/tile-server.ts): no spec reaches the internet. */
const TILE_PORT = PORT + 2000;
process.env.E2E_TILE_URL = `http://127.0.0.1:${TILE_PORT}`;
const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  workers: 2,
  // No retries: a spec that fails once is a bug to fix, in the spec or in the panel.
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // Per port, so runs side by side do not delete each other's traces.
  outputDir: path.join(os.tmpdir(), `vitrina-e2e-results-${PORT}`),
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // The panel honours the system's reduced-motion setting (no drawer, modal or toast
    // animations), so the tests wait for no animation to settle.
    reducedMotion: 'reduce',
    // A failed spec leaves its error, a screenshot and Playwright's ARIA snapshot of the page
    // (error-context.md). A trace is recorded only with E2E_TRACE=1: recording one for every
    // spec, to keep those that fail, cost 9% of the run's CPU on two cores (DOM snapshots;
    // the screencast, off here too, had cost a third).
    screenshot: 'only-on-failure',
    trace: process.env.E2E_TRACE
      ? { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true }
      : 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `node --import tsx e2e/fixtures/tile-server.ts ${TILE_PORT}`,
      cwd: root,
      url: `http://127.0.0.1:${TILE_PORT}/readyz`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The production build, as `npm start` runs it: every spec drives the bundled JavaScript.
      command: `rm -rf ${DATA_DIR} && node apps/server/scripts/build.mjs && node --enable-source-maps apps/server/dist/main.js`,
      cwd: root,
      url: `http://localhost:${PORT}/readyz`,
      timeout: 90_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        SEED: 'e2e',
        // The two simulated test fridges (SEED=e2e) answer the device commands the fleet specs send;
        // its own MQTT port keeps runs on several E2E_PORTs side by side from clashing on 1883.
        SIMULATOR: 'on',
        MQTT_PORT: String(MQTT_PORT),
        PUBLIC_URL: `http://localhost:${PORT}`,
        // The SMTP stand-ins of the notification specs offer STARTTLS with the server tests'
        // self-signed certificate; the server trusts it as an extra authority, as an operator
        // would trust a company CA, and still refuses to send without TLS.
        NODE_EXTRA_CA_CERTS: path.join(root, 'apps/server/test/stand-ins/tls/smtp-stand-in.crt'),
        // Those stand-ins listen on loopback, which organisations' addresses may only be when allowed.
        OUTGOING_ALLOW_HOSTS: '127.0.0.1',
        MAP_TILE_URL: `http://127.0.0.1:${TILE_PORT}/{z}/{x}/{y}.svg`,
        MAP_TILE_ATTRIBUTION: 'Local test tiles',
      },
    },
  ],
});
