import fs from 'node:fs';
import path from 'node:path';
import { DEVICE_MAX_SHELVES, DEVICE_SERIAL_PATTERN } from '@vitrina/contract';
import { z } from 'zod';

const ZTagCode = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** A tag in the cabinet or the restock pool: its code, and its product when known. */
const ZTagEntry = z.union([
  ZTagCode.transform((code) => ({ code, product_id: null })),
  z.object({ code: ZTagCode, product_id: z.int().min(1).nullable().default(null) }),
]);
export type TagEntry = z.output<typeof ZTagEntry>;

const ZFleetProduct = z.object({
  id: z.int().min(1),
  name: z.string().optional(),
  weight_grams: z.int().min(1).max(100_000).nullable().optional(),
  /** The shelf it stands on (1-based); otherwise the simulator picks one. */
  shelf: z.int().min(1).max(DEVICE_MAX_SHELVES).optional(),
});
export type FleetProduct = z.output<typeof ZFleetProduct>;

export const SENSORS = ['rfid', 'weight', 'camera'] as const;
export type Sensor = (typeof SENSORS)[number];

/** One fridge: how it signs in and what it holds. */
export const ZFleetFridge = z.object({
  serial: z.string().regex(DEVICE_SERIAL_PATTERN),
  token: z.string().min(1),
  name: z.string().optional(),
  shelves: z.int().min(1).max(DEVICE_MAX_SHELVES).default(4),
  sensors: z.array(z.enum(SENSORS)).default(['rfid', 'weight']),
  /** Tags inside the cabinet now. */
  tags: z.array(ZTagEntry).default([]),
  /** Tags a courier may bring in (new stock of the organisation). */
  pool: z.array(ZTagEntry).default([]),
  products: z.array(ZFleetProduct).default([]),
});
export type FleetFridge = z.output<typeof ZFleetFridge>;
export type FleetFridgeInput = z.input<typeof ZFleetFridge>;

export const ZFleetFile = z.array(ZFleetFridge);

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
