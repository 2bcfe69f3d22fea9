import type { ServiceContext } from '../../lib/context.js';
import { defineJob } from '../../lib/job-kind.js';
import type { JobRunner } from '../jobs/index.js';
import type { CommandGateway } from './device-commands.service.js';

/** How often the command job looks for work. */
export const MAINTAIN_EVERY_MS = 10_000;
const commandsJob = defineJob({ kind: 'devices.commands', everyMs: MAINTAIN_EVERY_MS });

export type DeviceCommandJobsDeps = {
  ctx: ServiceContext;
  /** The device gateway; null (no MQTT configured): no command job. */
  gateway: CommandGateway | null;
};

/** The command job, with a gateway only: delivery until acknowledged or expired. */
export function registerDeviceCommandJobs(jobs: JobRunner, { gateway }: DeviceCommandJobsDeps) {
  if (!gateway) return;
  jobs.register(commandsJob, () => gateway.maintainCommands());
}
