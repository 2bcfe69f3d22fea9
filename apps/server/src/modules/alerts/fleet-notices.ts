import { type FleetNoticeKind, type NotificationEvent, TECHNICAL_ALERT, wallTimeAt } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { fleetNotices, micromarkets, organizations } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';
import { notify } from '../notifications/index.js';

/** What was measured, as a notice and its message say it: the reading against the limit, in a unit. */
export type NoticeDetails = {
  reading?: number | null;
  limit?: number | null;
  unit?: '°C' | 'g' | '°';
  /** Temperature: which limit was crossed. */
  direction?: 'high' | 'low';
  /** Locked: the minutes above the limit the organisation allows. */
  minutes?: number;
  /** Offline: `silent` when it stopped reporting without a goodbye (the presence sweep). */
  reason?: 'silent';
  /** Offline: when the fridge was last heard from (ISO). */
  last_activity_at?: string | null;
  /** Door: the command that unlocked it, and how it failed. */
  command_id?: string;
  error?: string;
};

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

const TITLES: Record<FleetNoticeKind, string> = {
  temperature: 'Temperature out of range',
  door: 'The door did not open',
  weight: 'Suspicious weight',
  locked: 'Locked for food safety',
  offline: 'Offline',
};

const ALERT_KINDS: Record<number, FleetNoticeKind> = {
  [TECHNICAL_ALERT.suspiciousTemperature]: 'temperature',
  [TECHNICAL_ALERT.doorDidNotOpen]: 'door',
  [TECHNICAL_ALERT.suspiciousWeight]: 'weight',
};

/** The notice kind of a technical alert type. */
export const noticeKindOfAlert = (type: number): FleetNoticeKind => ALERT_KINDS[type] ?? 'temperature';

/** `2026-05-04 14:32 (Europe/Kyiv)`: the organisation's wall clock, so nobody converts from UTC at night. */
export function localTime(instant: Date, timeZone: string): string {
  const wall = wallTimeAt(instant, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)} (${timeZone})`;
}

const number = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** The message's line about what was measured, or null when there is nothing to say. */
function readingLine(kind: FleetNoticeKind, details: NoticeDetails, timeZone: string): string | null {
  const { reading, limit } = details;
  switch (kind) {
    case 'offline': {
      const heard = details.last_activity_at
        ? `Last heard from: ${localTime(new Date(details.last_activity_at), timeZone)}.`
        : 'Never heard from.';
      return details.reason === 'silent' ? `It stopped reporting. ${heard}` : heard;
    }
    case 'door':
      return `The door stayed locked after an open command${details.error ? ` (${details.error})` : ''}.`;
    case 'weight':
      if (typeof reading !== 'number') return null;
      return `Unexplained weight: ${reading > 0 ? '+' : ''}${number(reading)} g${typeof limit === 'number' ? `; tolerance: ±${number(limit)} g` : ''}.`;
    default: {
      if (typeof reading !== 'number') return null;
      if (typeof limit !== 'number') return `Temperature: ${number(reading)} °C.`;
      const which = details.direction === 'low' ? 'lowest allowed' : 'highest allowed';
      const held =
        kind === 'locked' && typeof details.minutes === 'number' ? `, above it for ${details.minutes} min` : '';
      return `Temperature: ${number(reading)} °C; limit: ${number(limit)} °C (${which})${held}.`;
    }
  }
}

/** The subject and text of a fleet incident's message: what, where, the reading and limit, local time, a link. */
export function composeFleetMessage(options: {
  kind: FleetNoticeKind;
  details: NoticeDetails;
  at: Date;
  micromarket: { id: number; name: string; serialNumber: string };
  timeZone: string;
  publicUrl: string;
}): { subject: string; text: string } {
  const { kind, details, at, micromarket, timeZone, publicUrl } = options;
  const title = TITLES[kind];
  const lines = [
    `${title}: ${micromarket.name} (${micromarket.serialNumber}).`,
    readingLine(kind, details, timeZone),
    `When: ${localTime(at, timeZone)}.`,
    `Open the fridge: ${publicUrl.replace(/\/$/, '')}/device/${micromarket.id}`,
  ];
  return { subject: `${title}: ${micromarket.name}`, text: lines.filter((line) => line !== null).join('\n') };
}

/**
 * Tells about a fleet incident: a line in the alert bell of everyone who may see the fleet
 * (announced live on `notice`), and a message to whoever the organisation routes it to. Never
 * fails the incident: a failure to tell is logged by the caller's catch.
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
  const [notice] = await ctx.db
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
  const message = composeFleetMessage({
    kind: incident.kind,
    details: incident.details,
    at: incident.at,
    micromarket: market,
    timeZone: market.timeZone,
    publicUrl: ctx.publicUrl,
  });
  await notify(ctx, { orgId: incident.orgId, event: EVENTS[incident.kind], key: incident.key, ...message });
}
