import type { ModuleDeps, ModuleManifest } from '../../lib/module-manifest.js';
import { liveRoutes } from './live.routes.js';
import type { LiveBus } from './live-bus.js';

export { MAX_STREAMS_PER_USER } from './live.routes.js';
export { LIVE_CHANNEL, LiveBus, type LiveBusOptions, type LiveMessage } from './live-bus.js';

/** The live stream of the bus the services publish on (`live`, the same as `ctx.live`). */
export const liveModule: ModuleManifest<ModuleDeps & { live: LiveBus; liveHeartbeatMs: number | undefined }> = {
  name: 'live',
  routes: (app, { ctx, live, liveHeartbeatMs }) =>
    app.register(liveRoutes, { ctx, bus: live, heartbeatMs: liveHeartbeatMs }),
};
