import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import type { CommandGateway } from './device-commands.service.js';

/** How often the command job looks for work. */
export const MAINTAIN_EVERY_MS = 10_000;

export type DeviceCommandJobsDeps = {
  ctx: ServiceContext;
  /** The device gateway; null (no MQTT configured): no command job. */
  gateway: CommandGateway | null;
};

/** The command job, with a gateway only: delivery until acknowledged or expired. */
export function registerDeviceCommandJobs(jobs: JobRunner, { gateway }: DeviceCommandJobsDeps) {
  if (!gateway) return;
  jobs.register('devices.commands', () => gateway.maintainCommands(), { everyMs: MAINTAIN_EVERY_MS });
}
