import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.js';

/**
 * Jobs in one style: every module registers its jobs in its own `<module>-jobs.ts`
 * through one `register<Module>Jobs(jobs, deps)`, which its manifest calls; app.ts installs the
 * manifests in one ordered list, and the kinds below come in that list's order.
 */
const src = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

const relative = (file: string) => path.relative(src, file).split(path.sep).join('/');
/** `modules/sales/sales-jobs.ts`, not `modules/sales/settle-jobs.ts` nor `lib/sales-jobs.ts`. */
const isModuleJobsFile = (file: string) => /^modules\/([a-z-]+)\/\1-jobs\.ts$/.test(file);

/** What the app registers without a device gateway, in registration order. */
const APP_KINDS = [
  'jobs.cleanup',
  'payments.test-webhooks',
  'payments.reconcile',
  'planograms.schedules',
  'fiscal.register',
  'fiscal.shifts',
  'sales.hold',
  'sales.settle',
  'sales.settle-sweep',
  'open-links.release-holds',
  'reports.rollups',
  'reports.schedule',
  'reports.mail',
  'subscriptions.bill',
  'subscriptions.bill_org',
  'push.send',
  'planning.low_stock',
  'notify.deliver',
  'notify.fallback',
  'notices.prune',
  'auth.reset-mail',
  'app.sign-in-code',
];
const DEVICE_KINDS = ['devices.commands', 'devices.presence', 'telemetry.rollup', 'telemetry.retention'];

describe('job registry', () => {
  it('registers jobs only in modules/<module>/<module>-jobs.ts (the runner registers its own cleanup)', () => {
    const registering = sourceFiles(src)
      .filter((file) => fs.readFileSync(file, 'utf8').includes('jobs.register('))
      .map(relative);
    expect(registering.length).toBeGreaterThan(0);
    expect(registering.filter((file) => !isModuleJobsFile(file))).toEqual([]);
  });

  it('names a -jobs.ts file after its module only, and each exports one register…Jobs', () => {
    const jobsFiles = sourceFiles(src).filter((file) => file.endsWith('-jobs.ts'));
    expect(jobsFiles.map(relative).filter((file) => !isModuleJobsFile(file))).toEqual([]);
    const registrars = (file: string) =>
      fs.readFileSync(file, 'utf8').match(/export function register\w+Jobs\(/g) ?? [];
    expect(jobsFiles.filter((file) => registrars(file).length !== 1).map(relative)).toEqual([]);
  });

  describe('the app', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext();
    });
    afterAll(() => ctx.close());

    it('registers the expected job kinds', () => {
      expect(ctx.app.jobs.kinds()).toEqual(APP_KINDS);
    });
  });

  describe('the app with a device gateway', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext({ mqtt: { port: 0, host: '127.0.0.1' } });
    });
    afterAll(() => ctx.close());

    it('registers the device jobs as well', () => {
      expect(ctx.app.jobs.kinds()).toEqual([...APP_KINDS, ...DEVICE_KINDS]);
    });
  });
});
