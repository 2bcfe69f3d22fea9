import {
  DEFAULT_MICROMARKET_SETTINGS,
  type TFleetThresholds,
  type TMicromarketSettings,
  type ZCopyMicromarketSettings,
  ZMicromarketSettings,
  ZMicromarketSettingsShape,
  type ZUpdateMicromarketSettings,
  type ZUpdateThresholds,
} from '@vitrina/contract';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { fleetThresholds, micromarkets } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, notFound, RequestValidationError } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { recordEvent } from './device-events.repository.js';
import { findOrgsOf, findSettingsRow } from './micromarkets.repository.js';
import { readThresholds } from './thresholds.js';

const ZStoredSettings = ZMicromarketSettingsShape.partial();

/** The stored document over the defaults; a toggle never written (or written by an older version) is off. */
export function readSettings(stored: unknown): TMicromarketSettings {
  const parsed = ZStoredSettings.safeParse(stored);
  return { ...DEFAULT_MICROMARKET_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

async function settingsOf(ctx: ServiceContext, actor: UserActor, id: number) {
  const row = await findSettingsRow(ctx.db, id);
  if (!row || !actor.scope.canSee(row.orgId)) throw notFound();
  return { orgId: row.orgId, settings: readSettings(row.settings) };
}

export async function getSettings(ctx: ServiceContext, actor: UserActor, id: number) {
  return (await settingsOf(ctx, actor, id)).settings;
}

/** Only the changed toggles, for the history line. */
function changedKeys(before: TMicromarketSettings, after: TMicromarketSettings): string[] {
  return Object.keys(after).filter(
    (key) => before[key as keyof TMicromarketSettings] !== after[key as keyof TMicromarketSettings],
  );
}

export async function updateSettings(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  body: z.output<typeof ZUpdateMicromarketSettings>,
) {
  const { orgId, settings: before } = await settingsOf(ctx, actor, id);
  actor.scope.assertEditable(orgId);
  // The dependencies hold for the whole document, so they are checked after the merge.
  const merged = ZMicromarketSettings.safeParse({ ...before, ...body }, { reportInput: true });
  if (!merged.success) throw new RequestValidationError(merged.error.issues, 'body');
  const after = merged.data;
  await ctx.db.transaction(async (tx) => {
    await tx.update(micromarkets).set({ settings: after, updatedAt: ctx.clock.now() }).where(eq(micromarkets.id, id));
    await writeAudit(tx, actor, {
      action: 'update_settings',
      entity: 'micromarket',
      entityId: id,
      orgId,
      before,
      after,
    });
    await recordEvent(tx, actor, id, 'settings_changed', { keys: changedKeys(before, after) });
  });
  return after;
}

const targetsRefused = () =>
  new AppError(400, 'errors.bad_request', {}, { to_ids: 'micromarket.targets_not_editable' });

/** One transaction: every target gets the source's settings, or none does. */
export async function copySettings(
  ctx: ServiceContext,
  actor: UserActor,
  body: z.output<typeof ZCopyMicromarketSettings>,
) {
  const { settings } = await settingsOf(ctx, actor, body.from_id);
  const targetIds = [...new Set(body.to_ids)].filter((targetId) => targetId !== body.from_id);
  const targets = await findOrgsOf(ctx.db, targetIds);
  if (targetIds.length === 0 || targets.length !== targetIds.length) throw targetsRefused();
  if (targets.some((target) => !actor.scope.canEdit(target.orgId))) throw targetsRefused();
  await ctx.db.transaction(async (tx) => {
    const beforeRows = await tx
      .select({ id: micromarkets.id, settings: micromarkets.settings })
      .from(micromarkets)
      .where(inArray(micromarkets.id, targetIds));
    await tx
      .update(micromarkets)
      .set({ settings, updatedAt: ctx.clock.now() })
      .where(inArray(micromarkets.id, targetIds));
    for (const target of targets) {
      const before = readSettings(beforeRows.find((row) => row.id === target.id)?.settings);
      await writeAudit(tx, actor, {
        action: 'copy_settings',
        entity: 'micromarket',
        entityId: target.id,
        orgId: target.orgId,
        before,
        after: { ...settings, from_id: body.from_id },
      });
      await recordEvent(tx, actor, target.id, 'settings_copied', { from_id: body.from_id });
    }
  });
  return { ok: true as const, count: targetIds.length };
}

export async function getThresholds(
  ctx: ServiceContext,
  actor: UserActor,
  orgId: number = actor.orgId,
): Promise<TFleetThresholds> {
  actor.scope.assertVisible(orgId);
  return readThresholds(ctx, orgId);
}

export async function updateThresholds(
  ctx: ServiceContext,
  actor: UserActor,
  body: z.output<typeof ZUpdateThresholds>,
) {
  const orgId = body.org_id ?? actor.orgId;
  actor.scope.assertEditable(orgId);
  const before = await getThresholds(ctx, actor, orgId);
  const values = {
    temperatureMin: body.temperature_min,
    temperatureMax: body.temperature_max,
    lockAfterMinutes: body.lock_after_minutes,
    doorOpenTimeoutSeconds: body.door_open_timeout_seconds,
    weightToleranceGrams: body.weight_tolerance_grams,
    updatedAt: ctx.clock.now(),
  };
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(fleetThresholds)
      .values({ orgId, ...values })
      .onConflictDoUpdate({ target: fleetThresholds.orgId, set: values });
    const { org_id: _orgId, ...after } = body;
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'fleet_thresholds',
      entityId: orgId,
      orgId,
      before,
      after,
    });
  });
  // This instance's next read must not wait for the trigger's announcement (see OrgCache).
  ctx.thresholds.invalidate(orgId);
  return getThresholds(ctx, actor, orgId);
}
