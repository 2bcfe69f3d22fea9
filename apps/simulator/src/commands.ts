import { type DeviceCommandType, ZDeviceCommandMessage, ZDeviceCommandParams } from '@vitrina/contract';
import type { z } from 'zod';

export type AckOutcome = { status: 'done'; result: Record<string, unknown> } | { status: 'failed'; error: string };

type Params<T extends DeviceCommandType> = z.infer<(typeof ZDeviceCommandParams)[T]>;

/** What the fridge can do for a command; each answers when it has finished. */
export interface CommandTarget {
  now(): number;
  after(ms: number, run: () => void): void;
  sendAck(commandId: string, outcome: AckOutcome): void;
  /** Unlocks the door for a session of that kind; an error text when it cannot. */
  openDoor(kind: Params<'open_door'>['session_kind'], commandId: string): string | null;
  /** Beep, open, wait, close; `done` with an error text when it could not. */
  neuroBackground(params: Params<'neuro_background'>, done: (error: string | null) => void): void;
  /** Publishes the inventory; answers how many tags it saw. */
  rescan(): number;
  /** Tares the scale; null for a shelf the fridge does not have. */
  calibrateShelf(shelf: number): number | null;
  updatePriceTags(tags: Params<'update_price_tags'>['tags']): void;
  measureTilt(): number;
  reboot(): void;
}

/** Device-side durations of each command, clock milliseconds. */
export const COMMAND_TIMING = {
  openDoorMs: 500,
  rescanMs: 5_000,
  calibrateMs: 3_000,
  accelerometerMs: 2_000,
  priceTagsMs: 1_000,
  rebootAfterAckMs: 500,
} as const;

/** The server's and the device's clocks may differ a little (NTP); grant that before calling a command expired. */
const EXPIRY_GRACE_MS = 5_000;
/** The protocol asks for at least 100. */
const REMEMBERED_COMMANDS = 200;

/**
 * Runs commands at most once: a re-delivered id of a finished command gets the same ack
 * again, one still running is ignored (protocol §5).
 */
export class CommandHandler {
  private readonly memory = new Map<string, AckOutcome | 'running'>();
  /** Messages that were not commands at all (nothing to acknowledge). */
  ignored = 0;
  executed = 0;

  constructor(private readonly target: CommandTarget) {}

  handle(payload: string): void {
    const command = ZDeviceCommandMessage.safeParse(parseJson(payload));
    if (!command.success) {
      this.ignored += 1;
      return;
    }
    const { id, type, params, expires_at } = command.data;
    const known = this.memory.get(id);
    if (known === 'running') return;
    if (known) {
      this.target.sendAck(id, known);
      return;
    }
    if (this.target.now() > expires_at + EXPIRY_GRACE_MS) {
      this.finish(id, { status: 'failed', error: 'expired before it could start' });
      return;
    }
    this.remember(id, 'running');
    this.executed += 1;
    this.execute(id, type, params);
  }

  private execute(id: string, type: DeviceCommandType, raw: Record<string, unknown>): void {
    const target = this.target;
    const done = (result: Record<string, unknown> = {}) => this.finish(id, { status: 'done', result });
    const failed = (error: string) => this.finish(id, { status: 'failed', error });
    const parsed = ZDeviceCommandParams[type].safeParse(raw);
    if (!parsed.success) {
      failed(`invalid params: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
      return;
    }
    switch (type) {
      case 'open_door': {
        const { session_kind } = parsed.data as Params<'open_door'>;
        target.after(COMMAND_TIMING.openDoorMs, () => {
          const error = target.openDoor(session_kind, id);
          if (error) failed(error);
          else done();
        });
        return;
      }
      case 'rescan':
        target.after(COMMAND_TIMING.rescanMs, () => done({ tags: target.rescan() }));
        return;
      case 'calibrate_shelf': {
        const { shelf } = parsed.data as Params<'calibrate_shelf'>;
        target.after(COMMAND_TIMING.calibrateMs, () => {
          const grams = target.calibrateShelf(shelf);
          if (grams === null) failed(`there is no shelf ${shelf}`);
          else done({ weight_grams: grams });
        });
        return;
      }
      case 'update_price_tags': {
        const { tags } = parsed.data as Params<'update_price_tags'>;
        target.after(COMMAND_TIMING.priceTagsMs, () => {
          target.updatePriceTags(tags);
          done();
        });
        return;
      }
      case 'neuro_background':
        target.neuroBackground(parsed.data as Params<'neuro_background'>, (error) => (error ? failed(error) : done()));
        return;
      case 'accelerometer_check':
        target.after(COMMAND_TIMING.accelerometerMs, () => done({ tilt_degrees: target.measureTilt() }));
        return;
      case 'reboot':
        // The ack goes out before the reboot (protocol §5).
        done();
        target.after(COMMAND_TIMING.rebootAfterAckMs, () => target.reboot());
        return;
    }
  }

  /**
   * After a power cycle nothing is running any more: a command the reboot cut short is run
   * again when the server re-sends it (finished ones keep their ack, as the protocol asks).
   */
  forgetRunning(): void {
    for (const [id, state] of this.memory) if (state === 'running') this.memory.delete(id);
  }

  private finish(id: string, outcome: AckOutcome): void {
    this.remember(id, outcome);
    this.target.sendAck(id, outcome);
  }

  private remember(id: string, state: AckOutcome | 'running'): void {
    this.memory.delete(id);
    this.memory.set(id, state);
    while (this.memory.size > REMEMBERED_COMMANDS) {
      const oldest = this.memory.keys().next().value;
      if (oldest === undefined) break;
      this.memory.delete(oldest);
    }
  }
}

function parseJson(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return null;
  }
}
