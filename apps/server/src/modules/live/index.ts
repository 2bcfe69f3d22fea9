export { liveRoutes, MAX_STREAMS_PER_USER } from './live.routes.js';
export { LIVE_CHANNEL, LiveBus, type LiveBusOptions, type LiveMessage } from './live-bus.js';
