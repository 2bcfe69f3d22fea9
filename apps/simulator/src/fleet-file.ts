import fs from 'node:fs';
import path from 'node:path';
import {
  type FLEET_SENSORS,
  type TFleetFridge,
  type TFleetFridgeInput,
  ZFleetFile,
  type ZFleetProduct,
  type ZFleetTag,
} from '@vitrina/contract';
import type { z } from 'zod';

export { ZFleetFridge } from '@vitrina/contract';
export type FleetFridge = TFleetFridge;
export type FleetFridgeInput = TFleetFridgeInput;
export type TagEntry = z.output<typeof ZFleetTag>;
export type FleetProduct = z.output<typeof ZFleetProduct>;
export type Sensor = (typeof FLEET_SENSORS)[number];

export function readFleetFile(file: string): FleetFridge[] {
  const parsed = ZFleetFile.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`${file} is not a fleet file: ${problems}`);
  }
  return parsed.data;
}

/** Tokens are secrets: the file is written readable by its owner only. */
export function writeFleetFile(file: string, fleet: FleetFridgeInput[]): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(fleet, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
}
