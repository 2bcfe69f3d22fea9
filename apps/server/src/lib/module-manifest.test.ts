import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installModules, type ModuleManifest } from './module-manifest.js';
import { SaleEvents } from './sale-events.js';

type Deps = { seen: string[] };
type Runner = { kinds: string[] };

/** A module that notes each of its contributions as it is installed or run. */
function recording(name: string): ModuleManifest<Deps, Runner> {
  return {
    name,
    saleEvents: (events, { seen }) => {
      seen.push(`${name}: events`);
      events.on('paid', async () => {
        seen.push(`${name}: paid`);
      });
    },
    routes: async (app, { seen }) => {
      seen.push(`${name}: routes`);
      app.get(`/${name}`, async () => name);
    },
    jobs: (runner, { seen }) => {
      seen.push(`${name}: jobs`);
      runner.kinds.push(`${name}.job`);
    },
    start: async ({ seen }) => {
      seen.push(`${name}: start`);
    },
    stop: async ({ seen }) => {
      seen.push(`${name}: stop`);
    },
  };
}

describe('installModules', () => {
  it('installs each kind of contribution in the list’s order, subscribers first', async () => {
    const app = Fastify();
    const seen: string[] = [];
    const events = new SaleEvents();
    const runner: Runner = { kinds: [] };
    await installModules(app, [recording('a'), recording('b')], { deps: { seen }, events, jobs: runner });
    expect(seen).toEqual(['a: events', 'b: events', 'a: routes', 'b: routes', 'a: jobs', 'b: jobs']);
    expect(runner.kinds).toEqual(['a.job', 'b.job']);

    seen.length = 0;
    await events.emit(null as never, 'paid', { sale: null as never, settings: null });
    expect(seen).toEqual(['a: paid', 'b: paid']);

    seen.length = 0;
    await app.ready();
    expect(seen).toEqual(['a: start', 'b: start']);
    expect((await app.inject({ url: '/b' })).body).toBe('b');
    seen.length = 0;
    await app.close();
    // Fastify runs the onClose hooks last added first.
    expect(seen).toEqual(['b: stop', 'a: stop']);
  });

  it('installs what a module declares and skips what it leaves out', async () => {
    const app = Fastify();
    const seen: string[] = [];
    const onlyRoutes: ModuleManifest<Deps, Runner> = {
      name: 'routes-only',
      routes: async (routes) => routes.get('/only', async () => 'only'),
    };
    await installModules(app, [onlyRoutes], { deps: { seen }, events: new SaleEvents(), jobs: { kinds: [] } });
    expect((await app.inject({ url: '/only' })).body).toBe('only');
    await app.close();
  });

  it('refuses a module listed twice', async () => {
    const app = Fastify();
    const host = { deps: { seen: [] }, events: new SaleEvents(), jobs: { kinds: [] } };
    await expect(installModules(app, [recording('a'), recording('a')], host)).rejects.toThrow(
      'module a is installed twice',
    );
    await app.close();
  });
});
