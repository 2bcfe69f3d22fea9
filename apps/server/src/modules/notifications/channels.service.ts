import type {
  ChannelType,
  TChannelTestResult,
  TNotificationChannel,
  TNotificationChannelList,
  ZCreateNotificationChannel,
  ZListNotificationChannelsQuery,
  ZUpdateNotificationChannel,
} from '@vitrina/contract';
import { CHANNEL_TYPE, translate } from '@vitrina/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type ChannelSettings, notificationChannels, organizations } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { OutgoingRefusedError } from '../../lib/outgoing-address.js';
import { maskSecret } from '../../lib/secrets.js';
import { writeAudit } from '../audit/index.js';
import type { ChannelEndpoints } from './channel-clients.js';
import { type ChannelSecrets, channelSecrets, sendThroughStoredChannel } from './stored-channel.js';
import { recordWhatsAppSend } from './whatsapp-status.js';
import { newVerifyToken, whatsAppWebhookPath } from './whatsapp-webhook.js';

type CreateBody = z.output<typeof ZCreateNotificationChannel>;
type UpdateBody = z.output<typeof ZUpdateNotificationChannel>;
type Row = typeof notificationChannels.$inferSelect;

const sealed = (ctx: ServiceContext) => channelSecrets(ctx.secrets);

function toView(ctx: ServiceContext, row: Row, orgName: string): TNotificationChannel {
  const { secret, app_secret: appSecret } = sealed(ctx).open(row.orgId, row.sealedSecret);
  const settings = row.settings;
  const isWhatsApp = row.type === CHANNEL_TYPE.whatsapp;
  return {
    id: row.id,
    org_id: row.orgId,
    org_name: orgName,
    type: row.type as ChannelType,
    name: row.name,
    active: row.active,
    host: settings.host ?? null,
    port: settings.port ?? null,
    secure: settings.secure ?? false,
    username: settings.username ?? null,
    from_address: settings.from_address ?? null,
    phone_number_id: settings.phone_number_id ?? null,
    code_template: settings.code_template ?? null,
    code_template_language: settings.code_template_language ?? null,
    notice_template: settings.notice_template ?? null,
    notice_template_language: settings.notice_template_language ?? null,
    webhook_url: isWhatsApp ? `${ctx.publicUrl}${whatsAppWebhookPath(row.id)}` : null,
    webhook_verify_token: isWhatsApp ? (settings.webhook_verify_token ?? null) : null,
    secret: secret ? maskSecret(secret) : null,
    app_secret: appSecret ? maskSecret(appSecret) : null,
    last_test_at: row.lastTestAt?.toISOString() ?? null,
    last_test_error: row.lastTestError,
    created_at: row.createdAt.toISOString(),
  };
}

const selectRows = (ctx: ServiceContext) =>
  ctx.db
    .select({ row: notificationChannels, orgName: organizations.name })
    .from(notificationChannels)
    .innerJoin(organizations, eq(organizations.id, notificationChannels.orgId));

export async function listChannels(
  ctx: ServiceContext,
  actor: UserActor,
  query: z.output<typeof ZListNotificationChannelsQuery>,
): Promise<TNotificationChannelList> {
  if (query.org_id !== undefined) actor.scope.assertVisible(query.org_id);
  const ids = actor.scope.visibleIds;
  const where = and(
    ids === null ? undefined : inArray(notificationChannels.orgId, ids),
    query.org_id === undefined ? undefined : eq(notificationChannels.orgId, query.org_id),
    query.type === undefined ? undefined : eq(notificationChannels.type, query.type),
  );
  const [rows, [count]] = await Promise.all([
    selectRows(ctx)
      .where(where)
      .orderBy(asc(notificationChannels.orgId), asc(notificationChannels.name), asc(notificationChannels.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(notificationChannels).where(where),
  ]);
  return { items: rows.map(({ row, orgName }) => toView(ctx, row, orgName)), total: Number(count?.total ?? 0) };
}

async function visibleRow(ctx: ServiceContext, actor: UserActor, id: number) {
  const [found] = await selectRows(ctx).where(eq(notificationChannels.id, id));
  if (!found || !actor.scope.canSee(found.row.orgId)) throw notFound();
  return found;
}

export async function getChannel(ctx: ServiceContext, actor: UserActor, id: number): Promise<TNotificationChannel> {
  const { row, orgName } = await visibleRow(ctx, actor, id);
  return toView(ctx, row, orgName);
}

async function editableRow(ctx: ServiceContext, actor: UserActor, id: number) {
  const found = await visibleRow(ctx, actor, id);
  actor.scope.assertEditable(found.row.orgId);
  return found.row;
}

/** The settings a channel of the type keeps: the others are dropped, whatever was sent. */
function settingsOf(type: number, body: UpdateBody, before: ChannelSettings = {}): ChannelSettings {
  const pick = <K extends keyof ChannelSettings>(key: K, value: ChannelSettings[K] | undefined) =>
    value === undefined ? before[key] : value;
  if (type === CHANNEL_TYPE.mail) {
    return {
      host: pick('host', body.host),
      port: pick('port', body.port),
      secure: pick('secure', body.secure) ?? false,
      username: pick('username', body.username === '' ? null : body.username),
      from_address: pick('from_address', body.from_address),
    };
  }
  if (type === CHANNEL_TYPE.whatsapp) {
    const text = (
      key: 'code_template' | 'code_template_language' | 'notice_template' | 'notice_template_language',
      value: string | undefined,
    ) => pick(key, value === '' ? null : value);
    return {
      phone_number_id: pick('phone_number_id', body.phone_number_id),
      code_template: text('code_template', body.code_template),
      code_template_language: text('code_template_language', body.code_template_language),
      notice_template: text('notice_template', body.notice_template),
      notice_template_language: text('notice_template_language', body.notice_template_language),
      // Made once per channel; Meta's subscription handshake must see the same one every time.
      webhook_verify_token: before.webhook_verify_token ?? newVerifyToken(),
    };
  }
  return {};
}

/** The sealed secrets after an update: an empty or absent value keeps the stored one. */
function secretsOf(ctx: ServiceContext, orgId: number, body: UpdateBody, stored: string | null): string | null {
  const before = sealed(ctx).open(orgId, stored);
  const after: ChannelSecrets = {
    ...before,
    ...(body.secret ? { secret: body.secret } : {}),
    ...(body.app_secret ? { app_secret: body.app_secret } : {}),
  };
  return after.secret || after.app_secret ? sealed(ctx).seal(orgId, after) : null;
}

/**
 * A mail server's host is the organisation's choice of where this server connects: one that
 * is this server's own network (or a cloud's metadata) is refused as the host field's error,
 * the same whether it is private or does not resolve (the detail goes to the server log).
 */
async function assertMailHost(endpoints: ChannelEndpoints, type: number, host: string | undefined) {
  if (type !== CHANNEL_TYPE.mail || !host) return;
  try {
    await endpoints.outgoing.check(host);
  } catch (error) {
    if (!(error instanceof OutgoingRefusedError)) throw error;
    endpoints.outgoing.report({ host, error });
    throw badRequest('errors.bad_request', { host: 'channel.host_refused' });
  }
}

export async function createChannel(
  ctx: ServiceContext,
  endpoints: ChannelEndpoints,
  actor: UserActor,
  body: CreateBody,
) {
  const orgId = body.org_id ?? actor.orgId;
  actor.scope.assertEditable(orgId);
  await assertMailHost(endpoints, body.type, body.host);
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notificationChannels)
      .values({
        orgId,
        type: body.type,
        name: body.name,
        settings: settingsOf(body.type, body),
        sealedSecret: secretsOf(ctx, orgId, body, null),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: notificationChannels.id });
    const { secret: _secret, app_secret: _appSecret, ...shown } = body;
    await writeAudit(tx, actor, {
      action: 'create',
      entity: 'notification_channel',
      entityId: row!.id,
      orgId,
      after: shown,
    });
    return row!.id;
  });
  return getChannel(ctx, actor, id);
}

export async function updateChannel(
  ctx: ServiceContext,
  endpoints: ChannelEndpoints,
  actor: UserActor,
  id: number,
  body: UpdateBody,
) {
  const before = await editableRow(ctx, actor, id);
  const settings = settingsOf(before.type, body, before.settings);
  if (before.type === CHANNEL_TYPE.mail && (!settings.host || !settings.port || !settings.from_address)) {
    throw badRequest('errors.bad_request', {
      ...(settings.host ? {} : { host: 'validation.required' }),
      ...(settings.port ? {} : { port: 'validation.required' }),
      ...(settings.from_address ? {} : { from_address: 'validation.required' }),
    });
  }
  await assertMailHost(endpoints, before.type, body.host);
  if (before.type === CHANNEL_TYPE.whatsapp && (!settings.phone_number_id || !settings.notice_template)) {
    throw badRequest('errors.bad_request', {
      ...(settings.phone_number_id ? {} : { phone_number_id: 'validation.required' }),
      ...(settings.notice_template ? {} : { notice_template: 'validation.required' }),
    });
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(notificationChannels)
      .set({
        ...(body.name === undefined ? {} : { name: body.name }),
        settings,
        // An empty secret keeps the stored one: the form shows it masked, never in the clear.
        ...(body.secret || body.app_secret
          ? { sealedSecret: secretsOf(ctx, before.orgId, body, before.sealedSecret) }
          : {}),
        updatedAt: ctx.clock.now(),
      })
      .where(eq(notificationChannels.id, id));
    const { secret, app_secret: appSecret, ...shown } = body;
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'notification_channel',
      entityId: id,
      orgId: before.orgId,
      before: { name: before.name, settings: before.settings },
      after: { ...shown, ...(secret ? { secret: 'replaced' } : {}), ...(appSecret ? { app_secret: 'replaced' } : {}) },
    });
  });
  return getChannel(ctx, actor, id);
}

export async function setChannelActive(ctx: ServiceContext, actor: UserActor, id: number, active: boolean) {
  const before = await editableRow(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(notificationChannels)
      .set({ active, updatedAt: ctx.clock.now() })
      .where(eq(notificationChannels.id, id));
    await writeAudit(tx, actor, {
      action: active ? 'activate' : 'deactivate',
      entity: 'notification_channel',
      entityId: id,
      orgId: before.orgId,
      before: { active: before.active },
      after: { active },
    });
  });
  return getChannel(ctx, actor, id);
}

export async function deleteChannel(ctx: ServiceContext, actor: UserActor, id: number) {
  const before = await editableRow(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(notificationChannels).where(eq(notificationChannels.id, id));
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: 'notification_channel',
      entityId: id,
      orgId: before.orgId,
      before: { name: before.name, type: before.type, settings: before.settings },
    });
  });
}

/**
 * Sends a test message now and keeps the outcome on the channel for the list to show. A
 * WhatsApp test goes as the channel's notice template; if WhatsApp fails it later, its status
 * webhook puts the failure on the channel. A mail test that fails answers one text in the
 * caller's language, whatever went wrong (the mail client logged what).
 */
export async function testChannel(
  ctx: ServiceContext,
  endpoints: ChannelEndpoints,
  actor: UserActor,
  id: number,
  recipient: string,
): Promise<TChannelTestResult> {
  const row = await editableRow(ctx, actor, id);
  const outcome = await sendThroughStoredChannel(ctx.secrets, endpoints, row, {
    recipient,
    subject: 'Vitrina',
    text: `Test message from ${row.name}: notifications reach this recipient.`,
    kind: 'notice',
  });
  const error = outcome.ok ? null : outcome.messageKey ? translate(outcome.messageKey, actor.locale) : outcome.error;
  await ctx.db
    .update(notificationChannels)
    .set({ lastTestAt: ctx.clock.now(), lastTestError: error })
    .where(eq(notificationChannels.id, id));
  if (outcome.ok && outcome.providerMessageId && row.type === CHANNEL_TYPE.whatsapp) {
    await recordWhatsAppSend(ctx.db, ctx.clock.now(), {
      orgId: row.orgId,
      channelId: row.id,
      wamid: outcome.providerMessageId,
      purpose: 'test',
      recipient,
    });
  }
  return { ok: error === null, error, channel: await getChannel(ctx, actor, id) };
}
