/** Device commands: the queue of commands to the fleet's devices, delivered by the gateway through CommandGateway. */

import type { ModuleDeps, ModuleManifest } from '../../lib/module-manifest.js';
import type { JobRunner } from '../jobs/index.js';
import { deviceCommandRoutes } from './device-commands.routes.js';
import type { CommandGateway } from './device-commands.service.js';
import { registerDeviceCommandJobs } from './device-commands-jobs.js';

export {
  type ClaimedCommand,
  claimForSending,
  DOOR_NOT_OPENED,
  expireCommands,
  failUnopenedDoors,
  finishCommand,
} from './device-commands.repository.js';
export { deviceCommandRoutes } from './device-commands.routes.js';
export {
  type CommandDelivery,
  type CommandGateway,
  type GatewayCounters,
  queueLinkOpening,
  queuePriceTagUpdate,
} from './device-commands.service.js';
export { MAINTAIN_EVERY_MS, registerDeviceCommandJobs } from './device-commands-jobs.js';

/** `gateway`: the device gateway that delivers the commands (null without MQTT: they wait in the queue). */
export const deviceCommandsModule: ModuleManifest<ModuleDeps & { gateway: CommandGateway | null }, JobRunner> = {
  name: 'device-commands',
  routes: (app, { ctx, gateway }) => app.register(deviceCommandRoutes, { ctx, gateway }),
  jobs: (runner, { ctx, gateway }) => registerDeviceCommandJobs(runner, { ctx, gateway }),
};
