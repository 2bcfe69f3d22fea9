import {
  DEVICE_COMMAND_EXPIRY_MS,
  type DeviceCommandType,
  isTiltCorrect,
  NEURO_BACKGROUND_TIMING,
  type TDeviceCommand,
  type TSendDeviceCommand,
  translate,
} from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceGroupMembers, deviceGroups, micromarkets, organizations } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { listPriceTags, recordEvent } from '../micromarkets/index.js';
import {
  type CommandRow,
  DOOR_NOT_OPENED,
  findMicromarketForCommand,
  hasPendingOpenDoor,
  insertCommand,
  listCommands,
} from './device-commands.repository.js';

/** Publishes a freshly queued command at once when the gateway runs (else the next hello or job does). */
export type CommandDelivery = { deliverNow(commandId: string): Promise<void> };

/** The gateway's counters since its instance started (api.deviceCommand.gatewayStats without `broker`). */
export type GatewayCounters = {
  received: number;
  accepted: number;
  clock_skew: number;
  auth_failures: number;
  telemetry_dropped: number;
  events_dropped: number;
  out_of_order: number;
  rejected: Record<string, number>;
};

/**
 * The device gateway as this module sees it: the port the gateway (src/gateway/, an inbound
 * adapter) implements, so that this module never imports it. Besides delivery at once, the
 * job's round (expire, fail unopened doors, re-send) and the gateway's counters for the
 * platform admin's stats endpoint.
 */
export type CommandGateway = CommandDelivery & {
  readonly kind: 'embedded' | 'external' | 'rabbitmq';
  readonly stats: { snapshot(): GatewayCounters };
  maintainCommands(): Promise<void>;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function commandView(row: CommandRow, locale: UserActor['locale']): TDeviceCommand {
  const result = (row.result as Record<string, unknown> | null) ?? null;
  let message: string | null = null;
  if (row.error === DOOR_NOT_OPENED) message = translate('device.door_not_opened', locale);
  if (row.type === 'accelerometer_check' && row.status === 'acknowledged' && typeof result?.tilt_degrees === 'number') {
    message = translate(
      isTiltCorrect(result.tilt_degrees) ? 'device.tilt_correct' : 'device.tilt_needs_adjusting',
      locale,
    );
  }
  return {
    id: row.id,
    micromarket_id: row.micromarketId,
    type: row.type as DeviceCommandType,
    params: row.payload as Record<string, unknown>,
    status: row.status,
    attempts: row.attempts,
    requested_by: row.requestedBy,
    requested_by_label: row.actorLabel,
    group_id: row.groupId,
    created_at: row.createdAt.toISOString(),
    sent_at: iso(row.sentAt),
    finished_at: iso(row.finishedAt),
    expires_at: row.expiresAt.toISOString(),
    result,
    error: row.error,
    message,
  };
}

/** What the device gets under `params` (ZDeviceCommandParams), from the request and the database. */
async function paramsFor(db: Db, micromarketId: number, command: TSendDeviceCommand, now: Date) {
  switch (command.type) {
    case 'open_door':
      // From the panel it is an operator's service opening; customers open through their own flow.
      return { session_kind: 'service' };
    case 'calibrate_shelf':
      return { shelf: command.shelf };
    case 'neuro_background':
      return { beep_ms: NEURO_BACKGROUND_TIMING.beepMs, open_wait_ms: NEURO_BACKGROUND_TIMING.openWaitMs };
    case 'update_price_tags':
      return { tags: await priceTagsOf(db, micromarketId, now) };
    default:
      return {};
  }
}

/** Each label with the price a customer pays at `now` (personal price or sell cost, less the discount in force). */
async function priceTagsOf(db: Db, micromarketId: number, now: Date) {
  const [tags, [org]] = await Promise.all([
    listPriceTags(db, micromarketId, now),
    db
      .select({ currency: organizations.currency })
      .from(organizations)
      .innerJoin(micromarkets, eq(micromarkets.orgId, organizations.id))
      .where(eq(micromarkets.id, micromarketId)),
  ]);
  return tags.slice(0, 500).map((tag) => ({
    label_code: tag.label_code,
    product_id: tag.product_id,
    product_name: tag.product_name,
    price_minor: tag.current_price,
    currency: org?.currency ?? 'UAH',
  }));
}

type IssueOptions = {
  ctx: ServiceContext;
  actor: UserActor;
  micromarketId: number;
  command: TSendDeviceCommand;
  groupId?: number;
};

/**
 * Queues one command after the rules: the caller may edit the micromarket's organisation; an
 * open door refuses while another opening is on its way or the door is open (§8). The lock
 * (food safety) stops customers only: this opening is the operator's service opening.
 */
async function issueCommand({ ctx, actor, micromarketId, command, groupId }: IssueOptions): Promise<CommandRow> {
  const micromarket = await findMicromarketForCommand(ctx.db, micromarketId);
  if (!micromarket) throw notFound();
  actor.scope.assertEditable(micromarket.orgId);
  const now = ctx.clock.now();
  if (command.type === 'open_door') {
    if (micromarket.door === 'open' || (await hasPendingOpenDoor(ctx.db, micromarketId, now))) {
      throw conflict('device.door_already_opened');
    }
  }
  const payload = await paramsFor(ctx.db, micromarketId, command, now);
  // The command, its line in the fridge's history and the audit row of who asked (an opened
  // door above all) commit together.
  const row = await ctx.db.transaction(async (tx) => {
    const queued = await insertCommand(tx, {
      micromarketId,
      type: command.type,
      payload,
      requestedBy: actor.userId,
      via: actor.via,
      actorLabel: actor.email,
      groupId: groupId ?? null,
      expiresAt: new Date(now.getTime() + DEVICE_COMMAND_EXPIRY_MS[command.type]),
      createdAt: now,
    });
    await recordEvent(tx, actor, micromarketId, 'command_queued', { command_id: queued.id, type: queued.type }, now);
    await writeAudit(tx, actor, {
      action: command.type,
      entity: 'micromarket',
      entityId: micromarketId,
      orgId: micromarket.orgId,
      after: { session_kind: 'panel', command_id: queued.id, ...(groupId ? { group_id: groupId } : {}) },
    });
    return queued;
  });
  // Other panels showing this micromarket's commands (and a group's members) refetch.
  ctx.live.publish({
    topic: 'micromarket.command',
    org_id: micromarket.orgId,
    id: row.id,
    data: { micromarket_id: micromarketId, type: row.type, status: row.status },
  });
  return row;
}

/**
 * A door opening for a customer or a courier who came by an open link, or for a signed-in
 * courier at a stop of the workspace (`requestedBy`): the same queue and
 * the same §8 refusals as the panel's opening, and the lock (food safety) refuses customers.
 * `db` is the caller's transaction, so the opening and what led to it commit together; the
 * caller delivers the command after the commit.
 */
export async function queueLinkOpening(
  db: Db,
  options: {
    micromarketId: number;
    sessionKind: 'customer' | 'courier';
    label: string;
    now: Date;
    /** The signed-in courier who opens it from the workspace (none for a link). */
    requestedBy?: number | null;
  },
): Promise<CommandRow> {
  const { micromarketId, sessionKind, label, now } = options;
  const micromarket = await findMicromarketForCommand(db, micromarketId);
  if (!micromarket) throw notFound();
  if (sessionKind === 'customer' && micromarket.lockedAt) throw conflict('device.locked');
  if (micromarket.door === 'open' || (await hasPendingOpenDoor(db, micromarketId, now))) {
    throw conflict('device.door_already_opened');
  }
  const row = await insertCommand(db, {
    micromarketId,
    type: 'open_door',
    payload: { session_kind: sessionKind },
    requestedBy: options.requestedBy ?? null,
    via: 'http',
    actorLabel: label,
    groupId: null,
    expiresAt: new Date(now.getTime() + DEVICE_COMMAND_EXPIRY_MS.open_door),
    createdAt: now,
  });
  await recordEvent(
    db,
    label,
    micromarketId,
    'command_queued',
    { command_id: row.id, type: row.type, session_kind: sessionKind },
    now,
  );
  return row;
}

/**
 * Sends the labels their products and prices again after a change made without a panel
 * user (a planogram schedule's new layout): the same queue as the panel's command. `db` is
 * the caller's transaction, so the layout and its command commit together.
 */
export async function queuePriceTagUpdate(
  db: Db,
  options: { micromarketId: number; label: string; requestedBy: number | null; via: UserActor['via']; now: Date },
): Promise<CommandRow> {
  const { micromarketId, label, now } = options;
  const row = await insertCommand(db, {
    micromarketId,
    type: 'update_price_tags',
    payload: { tags: await priceTagsOf(db, micromarketId, now) },
    requestedBy: options.requestedBy,
    via: options.via,
    actorLabel: label,
    groupId: null,
    expiresAt: new Date(now.getTime() + DEVICE_COMMAND_EXPIRY_MS.update_price_tags),
    createdAt: now,
  });
  await recordEvent(db, label, micromarketId, 'command_queued', { command_id: row.id, type: row.type }, now);
  return row;
}

function sentMessage(type: DeviceCommandType, locale: UserActor['locale']): string {
  return translate(type === 'open_door' ? 'device.open_door_queued' : 'device.command_queued', locale);
}

export async function sendCommand(
  options: Omit<IssueOptions, 'groupId'> & { delivery: CommandDelivery | null },
): Promise<{ command: TDeviceCommand; message: string }> {
  const row = await issueCommand(options);
  await options.delivery?.deliverNow(row.id);
  return {
    command: commandView(row, options.actor.locale),
    message: sentMessage(row.type as DeviceCommandType, options.actor.locale),
  };
}

export async function sendGroupCommand(options: {
  ctx: ServiceContext;
  actor: UserActor;
  groupId: number;
  command: TSendDeviceCommand;
  delivery: CommandDelivery | null;
}) {
  const { ctx, actor, groupId, command } = options;
  const [group] = await ctx.db
    .select({ orgId: deviceGroups.orgId })
    .from(deviceGroups)
    .where(eq(deviceGroups.id, groupId));
  if (!group) throw notFound();
  actor.scope.assertEditable(group.orgId);
  const members = await ctx.db
    .select({ micromarketId: deviceGroupMembers.micromarketId })
    .from(deviceGroupMembers)
    .where(eq(deviceGroupMembers.groupId, groupId))
    .orderBy(deviceGroupMembers.micromarketId);
  const items: { micromarket_id: number; command_id: string | null; message: string }[] = [];
  for (const { micromarketId } of members) {
    try {
      const row = await issueCommand({ ctx, actor, micromarketId, command, groupId });
      await options.delivery?.deliverNow(row.id);
      items.push({
        micromarket_id: micromarketId,
        command_id: row.id,
        message: sentMessage(command.type, actor.locale),
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      items.push({
        micromarket_id: micromarketId,
        command_id: null,
        message: translate(error.key, actor.locale, error.params),
      });
    }
  }
  const sent = items.filter((item) => item.command_id !== null).length;
  return { items, sent, refused: items.length - sent };
}

export async function commandHistory(
  ctx: ServiceContext,
  actor: UserActor,
  micromarketId: number,
  page: { page: number; per_page: number },
) {
  const micromarket = await findMicromarketForCommand(ctx.db, micromarketId);
  if (!micromarket) throw notFound();
  actor.scope.assertVisible(micromarket.orgId);
  const { items, total } = await listCommands(ctx.db, micromarketId, {
    limit: page.per_page,
    offset: (page.page - 1) * page.per_page,
  });
  return { items: items.map((row) => commandView(row, actor.locale)), total };
}
