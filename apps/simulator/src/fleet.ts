import type { Behaviour } from './behaviour.js';
import { RealClock } from './clock.js';
import type { Flash } from './flash.js';
import type { FleetFridge } from './fleet-file.js';
import { Fridge } from './fridge.js';
import { mqttLinkFactory } from './mqtt-link.js';
import { hashText, seededRandom } from './random.js';

export type FleetOptions = {
  url: string;
  fridges: FleetFridge[];
  flash: Flash;
  behaviour: Partial<Behaviour>;
  /** Seeds each fridge's randomness (with its serial), so a run can be replayed. */
  seed: number;
  log: (line: string) => void;
};

export type RunningFleet = {
  fridges: Fridge[];
  stop(): Promise<void>;
};

/** Gives the broker a moment between fridges, so a big fleet does not connect in one burst. */
const STAGGER_MS = 50;
const MAX_STAGGER_MS = 5_000;
/** Time for the goodbyes and DISCONNECTs to leave before the process ends. */
const FLUSH_MS = 500;

/** The live fleet: real time, real MQTT. */
export function startFleet(options: FleetOptions): RunningFleet {
  const clock = new RealClock();
  const fridges = options.fridges.map(
    (fridge) =>
      new Fridge({
        fridge,
        clock,
        flash: options.flash,
        linkFactory: mqttLinkFactory({ url: options.url, serial: fridge.serial, token: fridge.token }),
        random: seededRandom(options.seed ^ hashText(fridge.serial)),
        behaviour: options.behaviour,
        log: options.log,
      }),
  );
  const spread = Math.min(MAX_STAGGER_MS, STAGGER_MS * fridges.length);
  const starts = fridges.map((fridge, index) =>
    setTimeout(() => fridge.powerOn(), (spread * index) / Math.max(1, fridges.length)),
  );
  return {
    fridges,
    async stop() {
      for (const start of starts) clearTimeout(start);
      for (const fridge of fridges) fridge.powerOff();
      await new Promise((resolve) => setTimeout(resolve, FLUSH_MS));
      clock.clearAll();
    },
  };
}
