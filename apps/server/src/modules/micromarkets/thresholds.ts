import { DEFAULT_FLEET_THRESHOLDS, type TFleetThresholds } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { fleetThresholds } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';

/** The channel migration 0008's trigger announces changed organisations on. */
export const THRESHOLDS_CHANNEL = 'vitrina_thresholds';

async function loadThresholds(db: Db, orgId: number): Promise<TFleetThresholds> {
  const [row] = await db.select().from(fleetThresholds).where(eq(fleetThresholds.orgId, orgId));
  if (!row) return { org_id: orgId, ...DEFAULT_FLEET_THRESHOLDS, is_default: true };
  return {
    org_id: orgId,
    temperature_min: row.temperatureMin,
    temperature_max: row.temperatureMax,
    lock_after_minutes: row.lockAfterMinutes,
    door_open_timeout_seconds: row.doorOpenTimeoutSeconds,
    weight_tolerance_grams: row.weightToleranceGrams,
    is_default: false,
  };
}

/**
 * The one reader of an organisation's alert thresholds (the settings screen and the alert
 * rules alike), served from the instance's cache: the gateway asks for every temperature a
 * fridge reports. No scope check: callers that answer a user check it first.
 */
export function readThresholds(ctx: ServiceContext, orgId: number): Promise<TFleetThresholds> {
  return ctx.thresholds.get(orgId, () => loadThresholds(ctx.db, orgId));
}
