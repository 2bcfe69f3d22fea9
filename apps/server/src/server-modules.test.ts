import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installModules } from './lib/module-manifest.js';
import { type SaleEventHandler, type SaleEventName, SaleEvents } from './lib/sale-events.js';
import { SERVER_MODULES, type ServerModuleDeps } from './server-modules.js';

/** Notes which module subscribed to which event, in the order the subscriptions came. */
class RecordingEvents extends SaleEvents {
  readonly subscribed: string[] = [];
  module = '';

  override on<K extends SaleEventName>(name: K, handler: SaleEventHandler<K>): this {
    this.subscribed.push(`${name}: ${this.module}`);
    return super.on(name, handler);
  }
}

describe('the server’s modules', () => {
  it('subscribe to the sale events in the order the list documents', async () => {
    const events = new RecordingEvents();
    // Only the subscribers, through the installer itself; they read their deps only when an event comes.
    const subscribersOnly = SERVER_MODULES.map(({ name, saleEvents }) => ({
      name,
      ...(saleEvents && {
        saleEvents: (on: SaleEvents, deps: ServerModuleDeps) => {
          events.module = name;
          saleEvents(on, deps);
        },
      }),
    }));
    const app = Fastify();
    await installModules(app, subscribersOnly, { deps: {} as ServerModuleDeps, events, jobs: null });
    await app.close();
    const of = (event: SaleEventName) =>
      events.subscribed.filter((line) => line.startsWith(`${event}: `)).map((line) => line.split(': ')[1]);
    expect(of('settled')).toEqual(['reports']);
    expect(of('paid')).toEqual(['promotions', 'fiscal', 'reports']);
    expect(of('refunded')).toEqual(['fiscal', 'reports']);
    expect(of('refundReversed')).toEqual(['fiscal']);
  });

  it('are all installed: every module with routes or jobs has its manifest in the list, named after its folder', () => {
    const modules = path.join(import.meta.dirname, 'modules');
    const contributing = fs
      .readdirSync(modules)
      .filter((name) => fs.readdirSync(path.join(modules, name)).some((file) => /\.routes\.ts$|-jobs\.ts$/.test(file)));
    const listed = SERVER_MODULES.map((module) => module.name);
    expect(contributing.filter((name) => !listed.includes(name))).toEqual([]);
    expect(listed.filter((name) => !fs.existsSync(path.join(modules, name, 'index.ts')))).toEqual([]);
  });
});
