import { z } from 'zod';
import { DEVICE_MAX_SHELVES, DEVICE_SERIAL_PATTERN } from './constants.js';

/**
 * The simulator's fleet file: which virtual fridges to run, how each signs in and what it
 * holds. The demo seed writes one (DATA_DIR/demo-fleet.json); `npm run simulate` reads it.
 * Tokens are secrets: the file is written readable by its owner only.
 */
const ZFleetTagCode = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** A tag in the cabinet or the restock pool: a bare code, or the code and its product. */
export const ZFleetTag = z.union([
  ZFleetTagCode.transform((code) => ({ code, product_id: null })),
  z.object({ code: ZFleetTagCode, product_id: z.int().min(1).nullable().default(null) }),
]);

export const ZFleetProduct = z.object({
  id: z.int().min(1),
  name: z.string().optional(),
  weight_grams: z.int().min(1).max(100_000).nullable().optional(),
  /** The shelf it stands on (1-based); otherwise the simulator picks one. */
  shelf: z.int().min(1).max(DEVICE_MAX_SHELVES).optional(),
});

export const FLEET_SENSORS = ['rfid', 'weight', 'camera'] as const;

export const ZFleetFridge = z.object({
  serial: z.string().regex(DEVICE_SERIAL_PATTERN),
  /** The micromarket's private token (the MQTT password). */
  token: z.string().min(1),
  name: z.string().optional(),
  shelves: z.int().min(1).max(DEVICE_MAX_SHELVES).default(4),
  sensors: z.array(z.enum(FLEET_SENSORS)).default(['rfid', 'weight']),
  /** Tags inside the cabinet now. */
  tags: z.array(ZFleetTag).default([]),
  /** Tags a courier may bring in (new stock of the organisation). */
  pool: z.array(ZFleetTag).default([]),
  products: z.array(ZFleetProduct).default([]),
  /** Customer card tokens of the organisation: a customer at the door shows one (`customer_token`). */
  customers: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{8,64}$/))
    .max(1000)
    .default([]),
});
export type TFleetFridge = z.output<typeof ZFleetFridge>;
export type TFleetFridgeInput = z.input<typeof ZFleetFridge>;

export const ZFleetFile = z.array(ZFleetFridge);
