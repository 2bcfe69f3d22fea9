import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from './context.js';
import type { SaleEvents } from './sale-events.js';

/** What most modules need from the running server: the context their services take. */
export type ModuleDeps = { ctx: ServiceContext };

/**
 * What a server module contributes, declared once in its `index.ts`: its routes, its background
 * jobs, its subscribers to the sale events, and what it does as the server starts and stops.
 * `Deps` names what the module takes from the composition root (app.ts hands every module the
 * same object; each sees only the part it names, so a module asking for something the app does
 * not provide does not compile). `Jobs` is the job runner of the jobs module, which this layer
 * cannot name. The members are function properties, not methods, so their parameters are
 * checked strictly.
 */
export type ModuleManifest<Deps extends object = ModuleDeps, Jobs = unknown> = {
  /** The module's folder under modules/. */
  readonly name: string;
  /** Registers the module's route plugins, each with its options (`app.register` answers a promise). */
  readonly routes?: (app: FastifyInstance, deps: Deps) => PromiseLike<unknown>;
  /** Registers the module's background job kinds on the runner. */
  readonly jobs?: (runner: Jobs, deps: Deps) => void;
  /** Subscribes the module's reactions to what the sales module announces. */
  readonly saleEvents?: (events: SaleEvents, deps: Deps) => void;
  /** Runs once the server is ready (after every module is installed). */
  readonly start?: (deps: Deps) => Promise<void>;
  /** Runs as the server closes, before the database does. */
  readonly stop?: (deps: Deps) => Promise<void>;
};

export type ModuleHost<Deps extends object, Jobs> = {
  deps: Deps;
  /** Where the modules subscribe (the one the ServiceContext carries, in the app). */
  events: SaleEvents;
  jobs: Jobs;
};

/**
 * Installs the modules one kind of contribution at a time, each kind in the list's order: every
 * module's sale-event subscribers first (a sale event's subscribers run in the order they
 * subscribed), then the start and stop hooks, the routes, and the job kinds (registered in that
 * order, which is the order recurring jobs are first queued in).
 */
export async function installModules<Deps extends object, Jobs>(
  app: FastifyInstance,
  modules: readonly ModuleManifest<Deps, Jobs>[],
  { deps, events, jobs }: ModuleHost<Deps, Jobs>,
): Promise<void> {
  const names = new Set<string>();
  for (const { name } of modules) {
    if (names.has(name)) throw new Error(`module ${name} is installed twice`);
    names.add(name);
  }
  for (const module of modules) module.saleEvents?.(events, deps);
  for (const { start, stop } of modules) {
    if (start) app.addHook('onReady', () => start(deps));
    if (stop) app.addHook('onClose', () => stop(deps));
  }
  for (const module of modules) await module.routes?.(app, deps);
  for (const module of modules) module.jobs?.(jobs, deps);
}
