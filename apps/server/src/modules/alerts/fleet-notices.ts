import { type FleetNoticeKind, type NotificationEvent, TECHNICAL_ALERT } from '@vitrina/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { fleetNotices, micromarkets, organizations } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';
import { notify } from '../notifications/index.js';
import { composeFleetMessage, type NoticeDetails } from './alert-message.js';
import { isFlap } from './alert-rules.js';

export type FleetIncident = {
  orgId: number;
  micromarketId: number;
  kind: FleetNoticeKind;
  /** The technical alert it tells about, if it is one. */
  alertId?: number | null;
  details: NoticeDetails;
  at: Date;
  /** The occurrence, so the same incident told twice is one message per recipient. */
  key: string;
};

/** Which routes a notice goes to, the most specific first (a temperature alert is also a technical alert). */
const EVENTS: Record<FleetNoticeKind, readonly NotificationEvent[]> = {
  temperature: ['temperature_alert', 'technical_alert'],
  door: ['technical_alert'],
  weight: ['technical_alert'],
  locked: ['food_safety_lock'],
  offline: ['micromarket_offline'],
};

const ALERT_KINDS: Record<number, FleetNoticeKind> = {
  [TECHNICAL_ALERT.suspiciousTemperature]: 'temperature',
  [TECHNICAL_ALERT.doorDidNotOpen]: 'door',
  [TECHNICAL_ALERT.suspiciousWeight]: 'weight',
};

/** The notice kind of a technical alert type. */
export const noticeKindOfAlert = (type: number): FleetNoticeKind => ALERT_KINDS[type] ?? 'temperature';

/** What a notice keeps of its incident's course, beside what was measured. */
type NoticeCourse = { flaps?: number; last_flap_at?: string; ended_at?: string };

const latestOf = (...instants: (string | Date | undefined)[]) =>
  new Date(Math.max(...instants.flatMap((instant) => (instant ? [new Date(instant).getTime()] : []))));

/** Marks the fridge's latest notice of this kind over (back online, lock reset): a flap's quiet window runs from here. */
export async function endFleetIncident(
  db: Db,
  incident: { micromarketId: number; kind: FleetNoticeKind; at: Date },
): Promise<void> {
  await db
    .update(fleetNotices)
    .set({
      details: sql`${fleetNotices.details} || jsonb_build_object('ended_at', ${incident.at.toISOString()}::text)`,
    })
    .where(
      sql`${fleetNotices.id} = (select max(id) from fleet_notices
        where micromarket_id = ${incident.micromarketId} and kind = ${incident.kind})`,
    );
}

/**
 * Counts the incident as a flap of the fridge's latest notice of its kind when it comes back
 * within the quiet window (see FLAP_QUIET_WINDOW_MS); answers that notice's id, or null when
 * the incident is to be told.
 */
async function countFlap(db: Db, incident: FleetIncident): Promise<number | null> {
  const [last] = await db
    .select({ id: fleetNotices.id, at: fleetNotices.at, details: fleetNotices.details })
    .from(fleetNotices)
    .where(and(eq(fleetNotices.micromarketId, incident.micromarketId), eq(fleetNotices.kind, incident.kind)))
    .orderBy(desc(fleetNotices.id))
    .limit(1);
  if (!last) return null;
  const course = last.details as NoticeCourse;
  if (!isFlap(latestOf(last.at, course.last_flap_at, course.ended_at), incident.at)) return null;
  const flap: NoticeCourse = { flaps: (course.flaps ?? 0) + 1, last_flap_at: incident.at.toISOString() };
  await db
    .update(fleetNotices)
    .set({ details: sql`${fleetNotices.details} || ${JSON.stringify(flap)}::jsonb` })
    .where(eq(fleetNotices.id, last.id));
  return last.id;
}

/**
 * Tells about a fleet incident: a line in the alert bell of everyone who may see the fleet
 * (announced live on `notice`), and a message to whoever the organisation routes it to, each
 * recipient in their language. An incident that comes back within the quiet window of the
 * last one of its kind is a flap: counted on that notice, told to nobody (a technical alert
 * counts its flaps itself, see raiseIncident). Never fails the incident: a failure to tell is
 * logged by the caller's catch.
 */
export async function tellFleetIncident(ctx: ServiceContext, incident: FleetIncident): Promise<void> {
  const [market] = await ctx.db
    .select({
      id: micromarkets.id,
      name: micromarkets.name,
      serialNumber: micromarkets.serialNumber,
      timeZone: organizations.timeZone,
    })
    .from(micromarkets)
    .innerJoin(organizations, eq(organizations.id, micromarkets.orgId))
    .where(eq(micromarkets.id, incident.micromarketId));
  if (!market) return;
  const flapped = incident.alertId ? null : await countFlap(ctx.db, incident);
  const [notice] = flapped
    ? [{ id: flapped }]
    : await ctx.db
        .insert(fleetNotices)
        .values({
          orgId: incident.orgId,
          micromarketId: incident.micromarketId,
          kind: incident.kind,
          alertId: incident.alertId ?? null,
          details: incident.details,
          at: incident.at,
        })
        .returning({ id: fleetNotices.id });
  ctx.live.publish({
    topic: 'notice',
    org_id: incident.orgId,
    id: notice!.id,
    data: { kind: incident.kind, micromarket_id: incident.micromarketId },
  });
  if (flapped) return;
  await notify(ctx, {
    orgId: incident.orgId,
    event: EVENTS[incident.kind],
    key: incident.key,
    messageIn: (locale) =>
      composeFleetMessage({
        kind: incident.kind,
        details: incident.details,
        at: incident.at,
        micromarket: market,
        timeZone: market.timeZone,
        publicUrl: ctx.publicUrl,
        locale,
      }),
  });
}
