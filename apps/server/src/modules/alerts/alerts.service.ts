import type { AlertType, TAlert, TAlertList, ZListAlertsQuery } from '@vitrina/contract';
import { TECHNICAL_ALERT } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { micromarkets } from '../../db/schema/index.js';
import type { Actor, UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { readThresholds, recordEvent, setLockState } from '../micromarkets/index.js';
import type { NoticeDetails } from './alert-message.js';
import {
  isFlap,
  judgeTemperature,
  mayResetLock,
  ruleThresholds,
  type TemperatureVerdict,
  type Thresholds,
  unexplainedGrams,
} from './alert-rules.js';
import * as repo from './alerts.repository.js';
import { endFleetIncident, noticeKindOfAlert, tellFleetIncident } from './fleet-notices.js';

type ListQuery = z.output<typeof ZListAlertsQuery>;

/** The list's filters inside the caller's organisations (the list and its export share them). */
export function alertFilters(actor: UserActor, query: Omit<ListQuery, 'page' | 'per_page'>): repo.AlertFilters {
  if (query.org_id !== undefined) actor.scope.assertVisible(query.org_id);
  return {
    orgIds: actor.scope.visibleIds,
    orgId: query.org_id,
    micromarketId: query.micromarket_id,
    type: query.type as AlertType | undefined,
    status: query.status,
    from: query.from,
    to: query.to,
  };
}

export async function listAlerts(ctx: ServiceContext, actor: UserActor, query: ListQuery): Promise<TAlertList> {
  const filters = alertFilters(actor, query);
  const [items, total, activeByType] = await Promise.all([
    repo.listAlerts(ctx.db, filters, { limit: query.per_page, offset: (query.page - 1) * query.per_page }, query.sort),
    repo.countAlerts(ctx.db, filters),
    repo.countActiveByType(ctx.db, filters),
  ]);
  return { items, total, active_by_type: activeByType };
}

async function visibleAlert(ctx: ServiceContext, actor: UserActor, id: number): Promise<TAlert> {
  const alert = await repo.findAlert(ctx.db, id);
  if (!alert || !actor.scope.canSee(alert.org_id)) throw notFound();
  return alert;
}

async function thresholdsOf(ctx: ServiceContext, orgId: number): Promise<Thresholds> {
  return ruleThresholds(await readThresholds(ctx, orgId));
}

function announce(ctx: ServiceContext, alert: Pick<TAlert, 'id' | 'org_id' | 'micromarket_id' | 'type' | 'status'>) {
  ctx.live.publish({
    topic: 'alert',
    org_id: alert.org_id,
    id: alert.id,
    data: { micromarket_id: alert.micromarket_id, type: alert.type, status: alert.status },
  });
}

async function changeStatus(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  status: 'acknowledged' | 'resolved',
): Promise<TAlert> {
  const before = await visibleAlert(ctx, actor, id);
  actor.scope.assertEditable(before.org_id);
  if (status === 'acknowledged' && before.status !== 'open') throw conflict('alert.not_open');
  if (status === 'resolved' && before.status === 'resolved') throw conflict('alert.already_resolved');
  await ctx.db.transaction(async (tx) => {
    await repo.setAlertStatus(tx, id, { status, at: ctx.clock.now(), by: actor.userId });
    await writeAudit(tx, actor, {
      action: status === 'acknowledged' ? 'acknowledge' : 'resolve',
      entity: 'technical_alert',
      entityId: id,
      orgId: before.org_id,
      before: { status: before.status },
      after: { status },
    });
  });
  const after = await visibleAlert(ctx, actor, id);
  announce(ctx, after);
  return after;
}

export const acknowledgeAlert = (ctx: ServiceContext, actor: UserActor, id: number) =>
  changeStatus(ctx, actor, id, 'acknowledged');
export const resolveAlert = (ctx: ServiceContext, actor: UserActor, id: number) =>
  changeStatus(ctx, actor, id, 'resolved');

/** What a new alert tells the bell and the routes: the reading, the limit and the unit the rule saw. */
function noticeDetailsOf(input: repo.IncidentInput): NoticeDetails {
  const d = input.details;
  const num = (value: unknown) => (typeof value === 'number' ? value : null);
  if (input.type === TECHNICAL_ALERT.suspiciousWeight)
    return { reading: num(d.unexplained_grams), limit: num(d.tolerance), unit: 'g' };
  if (input.type === TECHNICAL_ALERT.doorDidNotOpen)
    return { command_id: String(d.command_id ?? ''), error: String(d.error ?? '') };
  return {
    reading: num(d.temperature),
    limit: num(d.limit),
    unit: '°C',
    direction: d.direction === 'low' ? 'low' : 'high',
  };
}

/** The bell and the organisation's routing hear of a new incident; telling never fails the incident. */
async function tellAboutAlert(ctx: ServiceContext, alert: repo.IncidentInput & { id: number }) {
  await tellFleetIncident(ctx, {
    orgId: alert.orgId,
    micromarketId: alert.micromarketId,
    kind: noticeKindOfAlert(alert.type),
    alertId: alert.id,
    details: noticeDetailsOf(alert),
    at: alert.at,
    key: `alert:${alert.id}`,
  }).catch(() => 0);
}

/**
 * Opens an alert for an incident, or counts one more occurrence of the one still open. An
 * incident that comes back within the quiet window of its last alert's resolution is a flap
 * (FLAP_QUIET_WINDOW_MS): that alert opens again with the flap counted, and nobody is told
 * again. A new incident, or a flap, also goes into the micromarket's history. Called by the
 * device gateway (via `device`) and by jobs.
 */
export async function raiseIncident(ctx: ServiceContext, actor: Actor, input: repo.IncidentInput) {
  const { id, isNew } = await ctx.db.transaction(async (tx) => {
    const latest = await repo.latestAlertOf(tx, input);
    if (
      latest?.status === 'resolved' &&
      isFlap(latest.resolvedAt, input.at) &&
      (await repo.reopenAlert(tx, latest.id, input))
    ) {
      const details = { alert_id: latest.id, type: input.type, flap: true, ...input.details };
      await recordEvent(tx, actor, input.micromarketId, 'alert', details, input.at);
      return { id: latest.id, isNew: false };
    }
    const result = await repo.upsertIncident(tx, input);
    if (result.isNew) {
      await recordEvent(
        tx,
        actor,
        input.micromarketId,
        'alert',
        { alert_id: result.id, type: input.type, ...input.details },
        input.at,
      );
    }
    return result;
  });
  announce(ctx, { id, org_id: input.orgId, micromarket_id: input.micromarketId, type: input.type, status: 'open' });
  if (isNew) await tellAboutAlert(ctx, { id, ...input });
  return { id, isNew };
}

export type TemperatureReading = {
  micromarket: {
    id: number;
    orgId: number;
    /** The temperature before this reading. */
    temperature: number | null;
    overheatSince: Date | null;
    lockedAt: Date | null;
  };
  temperature: number;
  at: Date;
};

/**
 * Applies the food-safety rule to a reading: keeps the start of an excursion above the
 * limit, opens one alert per excursion, and locks the micromarket for customers once the
 * organisation's allowed time above the limit has passed.
 */
export async function applyTemperature(
  ctx: ServiceContext,
  actor: Actor,
  reading: TemperatureReading,
): Promise<TemperatureVerdict> {
  const { micromarket, temperature, at } = reading;
  const thresholds = await thresholdsOf(ctx, micromarket.orgId);
  const verdict = judgeTemperature(
    temperature,
    at,
    { previous: micromarket.temperature, overheatSince: micromarket.overheatSince, lockedAt: micromarket.lockedAt },
    thresholds,
  );
  const sinceChanged = verdict.overheatSince?.getTime() !== micromarket.overheatSince?.getTime();
  if (sinceChanged || verdict.lock) {
    await ctx.db.transaction(async (tx) => {
      await setLockState(tx, micromarket.id, {
        overheatSince: verdict.overheatSince,
        ...(verdict.lock ? { lockedAt: at, lockReason: 'temperature' } : {}),
      });
      if (verdict.lock) {
        await recordEvent(
          tx,
          actor,
          micromarket.id,
          'locked',
          { reason: 'temperature', temperature, limit: thresholds.temperatureMax },
          at,
        );
      }
    });
    if (verdict.lock) {
      await tellFleetIncident(ctx, {
        orgId: micromarket.orgId,
        micromarketId: micromarket.id,
        kind: 'locked',
        details: {
          reading: temperature,
          limit: thresholds.temperatureMax,
          unit: '°C',
          direction: 'high',
          minutes: thresholds.lockAfterMinutes,
        },
        at,
        key: `lock:${micromarket.id}:${at.getTime()}`,
      }).catch(() => 0);
    }
  }
  const limit = verdict.excursion === 'low' ? thresholds.temperatureMin : thresholds.temperatureMax;
  if (verdict.excursion) {
    await raiseIncident(ctx, actor, {
      orgId: micromarket.orgId,
      micromarketId: micromarket.id,
      type: TECHNICAL_ALERT.suspiciousTemperature,
      at,
      details: { temperature, limit, direction: verdict.excursion },
    });
  }
  if (verdict.lock) {
    await raiseIncident(ctx, actor, {
      orgId: micromarket.orgId,
      micromarketId: micromarket.id,
      type: TECHNICAL_ALERT.suspiciousTemperature,
      at,
      details: { temperature, limit: thresholds.temperatureMax, locked_at: at.toISOString() },
    });
    ctx.live.publish({
      topic: 'micromarket.state',
      org_id: micromarket.orgId,
      id: micromarket.id,
      data: { locked: true },
    });
  }
  return verdict;
}

export type WeighedSession = {
  micromarketId: number;
  orgId: number;
  sessionId: string;
  weightsBefore: (number | null)[] | null;
  weightsAfter: (number | null)[] | null;
  /** Grams the taken tags and the weight/camera detections account for. */
  explainedGrams: number;
  at: Date;
};

/** A door session whose shelves lost (or gained) more than the tolerance no detection explains: alert 3. */
export async function checkSessionWeights(ctx: ServiceContext, actor: Actor, session: WeighedSession) {
  const grams = unexplainedGrams(session.weightsBefore, session.weightsAfter, session.explainedGrams);
  if (grams === null) return null;
  const thresholds = await thresholdsOf(ctx, session.orgId);
  if (Math.abs(grams) <= thresholds.weightToleranceGrams) return null;
  return raiseIncident(ctx, actor, {
    orgId: session.orgId,
    micromarketId: session.micromarketId,
    type: TECHNICAL_ALERT.suspiciousWeight,
    at: session.at,
    details: {
      door_session_id: session.sessionId,
      unexplained_grams: grams,
      tolerance: thresholds.weightToleranceGrams,
    },
  });
}

/** Lifts the food-safety lock once the last reading is back within the limit. */
export async function resetLock(ctx: ServiceContext, actor: UserActor, id: number): Promise<void> {
  const [mm] = await ctx.db.select().from(micromarkets).where(eq(micromarkets.id, id));
  if (!mm || !actor.scope.canSee(mm.orgId)) throw notFound();
  actor.scope.assertEditable(mm.orgId);
  if (!mm.lockedAt) throw conflict('device.lock.not_locked');
  const thresholds = await thresholdsOf(ctx, mm.orgId);
  if (!mayResetLock(mm.temperature, thresholds))
    throw new AppError(409, 'device.lock.temperature_out_of_range', { max: thresholds.temperatureMax });
  const at = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await setLockState(tx, id, { lockedAt: null, lockReason: null, overheatSince: null });
    await recordEvent(
      tx,
      actor,
      id,
      'lock_reset',
      { locked_at: mm.lockedAt?.toISOString(), reason: mm.lockReason, temperature: mm.temperature },
      at,
    );
    await writeAudit(tx, actor, {
      action: 'reset_lock',
      entity: 'micromarket',
      entityId: id,
      orgId: mm.orgId,
      before: { locked_at: mm.lockedAt?.toISOString(), lock_reason: mm.lockReason },
      after: { locked_at: null },
    });
  });
  await endFleetIncident(ctx.db, { micromarketId: id, kind: 'locked', at });
  ctx.live.publish({ topic: 'micromarket.state', org_id: mm.orgId, id, data: { locked: false } });
}
