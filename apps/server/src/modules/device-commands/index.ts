/** Device commands: the queue of commands to the fleet's devices, delivered by the gateway through CommandGateway. */

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
