/** The courier's micromarkets for today. */

import type { ModuleDeps, ModuleManifest } from '../../lib/module-manifest.js';
import type { CommandDelivery } from '../device-commands/index.js';
import { courierRoutes } from './courier.routes.js';

/** `gateway`: sends a door command at once (none without a broker). */
export const courierModule: ModuleManifest<ModuleDeps & { gateway: CommandDelivery | null }> = {
  name: 'courier',
  routes: (app, { ctx, gateway }) => app.register(courierRoutes, { ctx, delivery: gateway }),
};
