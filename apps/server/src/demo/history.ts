import { USER_KIND } from '@vitrina/contract';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  deviceEvents,
  micromarkets,
  supportComments,
  supportEvents,
  supportThreads,
  telemetry,
  transactions,
  users,
} from '../db/schema/index.js';
import { insertChunked, random } from './demo-util.js';
import { DEMO_OFFLINE_SERIAL } from './fleet.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How far back the monitoring charts have samples, and how often the fridges reported. */
const TELEMETRY_DAYS = 7;
const SAMPLE_MS = 5 * MINUTE;
/** The fleet's one short outage in the week: this cabinet, two days ago, for 40 minutes. */
const OUTAGE = { serial: 'VT-1005', fromAgo: 2 * DAY + 20 * HOUR, forMs: 40 * MINUTE } as const;

/**
 * What the demo has to look back on: a week of telemetry of every cabinet and the
 * support desk's conversations. Runs after the fleet, the customers and their sales.
 */
export async function seedHistoryDemo(db: Db, orgIds: number[], now = new Date()): Promise<void> {
  await seedTelemetryWeek(db, orgIds, now);
  await seedSupportDesk(db, orgIds, now);
}

/**
 * A week of a cabinet's life as its device reported it, a sample every 5 minutes: a steady
 * temperature around its own, a little warmer by day when the door opens, a defrost every
 * eight hours that lifts it a degree and a half, and the door's openings in office hours. The
 * hourly rollup the long charts read is made from the samples, as its job does. The cabinet
 * without power reported until it went silent; one cabinet was away for 40 minutes two days
 * ago. Each cabinet's history lines tell the same: created, connected, a settings change, an
 * outage.
 */
async function seedTelemetryWeek(db: Db, orgIds: number[], now: Date) {
  const markets = await db
    .select({
      id: micromarkets.id,
      serial: micromarkets.serialNumber,
      temperature: micromarkets.temperature,
      tilt: micromarkets.tilt,
      connection: micromarkets.connection,
      lastActivityAt: micromarkets.lastActivityAt,
    })
    .from(micromarkets)
    .where(and(inArray(micromarkets.orgId, orgIds), eq(micromarkets.active, true)))
    .orderBy(asc(micromarkets.id));
  const next = random(20_261_128);
  const endOfWeek = Math.floor(now.getTime() / SAMPLE_MS) * SAMPLE_MS;
  const start = endOfWeek - TELEMETRY_DAYS * DAY;
  const samples: (typeof telemetry.$inferInsert)[] = [];
  const events: (typeof deviceEvents.$inferInsert)[] = [];
  for (const [index, market] of markets.entries()) {
    const base = market.temperature ?? 4;
    const tilt = market.tilt ?? 0.5;
    const lastMs =
      market.connection === 'online' || !market.lastActivityAt ? endOfWeek : market.lastActivityAt.getTime();
    const outage =
      market.serial === OUTAGE.serial ? { from: now.getTime() - OUTAGE.fromAgo, to: 0 } : { from: 0, to: 0 };
    outage.to = outage.from + (outage.from ? OUTAGE.forMs : 0);
    const defrostOffset = (index * 97 * MINUTE) % (8 * HOUR);
    for (let at = start; at <= lastMs; at += SAMPLE_MS) {
      if (at >= outage.from && at < outage.to) continue;
      // Office hours in Kyiv and Kraków, about UTC+2: the door opens now and then.
      const hour = (new Date(at).getUTCHours() + 2) % 24;
      const isDay = hour >= 8 && hour < 20;
      const doorOpen = isDay && next() < 0.08;
      const sinceDefrost = (at - start + defrostOffset) % (8 * HOUR);
      const defrosting = sinceDefrost < 25 * MINUTE;
      const defrostRise = defrosting ? 1.5 * Math.sin((Math.PI * sinceDefrost) / (25 * MINUTE)) : 0;
      // Within the default limits (2…8 °C) at every cabinet: the week had no temperature alert.
      const temperature = base + (isDay ? 0.25 : -0.15) + (doorOpen ? 0.3 : 0) + defrostRise + (next() - 0.5) * 0.3;
      samples.push({
        micromarketId: market.id,
        at: new Date(at),
        temperature: Math.round(temperature * 10) / 10,
        defrosting,
        doorOpen,
        tilt,
      });
    }
    events.push(
      { micromarketId: market.id, kind: 'created', at: new Date(now.getTime() - 40 * DAY), actorLabel: 'demo' },
      {
        micromarketId: market.id,
        kind: 'connected',
        at: new Date(start - HOUR),
        actorLabel: `device:${market.serial}`,
        details: { firmware: null },
      },
      {
        micromarketId: market.id,
        kind: 'settings_changed',
        at: new Date(now.getTime() - 2 * DAY),
        actorLabel: 'demo',
      },
    );
    if (outage.from) {
      events.push(
        {
          micromarketId: market.id,
          kind: 'disconnected',
          at: new Date(outage.from),
          actorLabel: `device:${market.serial}`,
          details: {},
        },
        {
          micromarketId: market.id,
          kind: 'connected',
          at: new Date(outage.to),
          actorLabel: `device:${market.serial}`,
          details: {},
        },
      );
    }
    if (market.serial === DEMO_OFFLINE_SERIAL && lastMs < endOfWeek) {
      events.push({
        micromarketId: market.id,
        kind: 'disconnected',
        at: new Date(lastMs + 90_000),
        actorLabel: `device:${market.serial}`,
        details: {},
      });
    }
  }
  await insertChunked(samples, (chunk) => db.insert(telemetry).values(chunk));
  // In the order they happened, so the history tab (newest line first) reads as a story.
  await db.insert(deviceEvents).values(events.sort((a, b) => a.at!.getTime() - b.at!.getTime()));
  // The hours before this one, rolled up as the hourly job does (it takes over from now).
  const hourStart = new Date(Math.floor(now.getTime() / HOUR) * HOUR).toISOString();
  await db.execute(sql`
    INSERT INTO telemetry_hourly (micromarket_id, hour, samples, temperature_min, temperature_max, temperature_avg,
      door_open_samples, defrosting_samples)
    SELECT micromarket_id, date_trunc('hour', at), count(*)::int, min(temperature), max(temperature), avg(temperature),
      count(*) FILTER (WHERE door_open)::int, count(*) FILTER (WHERE defrosting)::int
    FROM telemetry
    WHERE micromarket_id IN (${sql.join(
      markets.map((market) => sql`${market.id}`),
      sql`, `,
    )}) AND at < ${hourStart}::timestamptz
    GROUP BY micromarket_id, date_trunc('hour', at)
    ON CONFLICT (micromarket_id, hour) DO NOTHING`);
}

type Status = 'new' | 'in_work' | 'resolved' | 'cancelled' | 'rejected';
type Line = { from: 'customer' | 'staff'; text: string; afterMinutes: number };
type Conversation = {
  title: string;
  text: string;
  /** Statuses it went through after `new`, with hours after it was opened. */
  moves: [Status, number][];
  lines: Line[];
  daysAgo: number;
  /** Refers to the customer's latest sale. */
  aboutSale?: boolean;
  /** The cabinet it is about (its organisation's conversation); otherwise one of the organisation's. */
  about?: string;
};

/** Customers' chats: a question, the support desk's answers, where it ended. */
const CHATS: Conversation[] = [
  {
    title: 'Charged twice for one sandwich',
    text: 'I took one chicken sandwich and my card shows two payments. Please check.',
    moves: [
      ['in_work', 1],
      ['resolved', 5],
    ],
    lines: [
      { from: 'staff', text: 'Thank you, we are checking the sale now.', afterMinutes: 55 },
      {
        from: 'staff',
        text: 'The second amount was a hold, released by the bank within a day. You paid once.',
        afterMinutes: 290,
      },
      { from: 'customer', text: 'I see it is gone now, thanks!', afterMinutes: 320 },
    ],
    daysAgo: 6,
    aboutSale: true,
  },
  {
    title: 'The door did not open',
    text: 'I scanned the QR code twice and the fridge stayed locked.',
    moves: [
      ['in_work', 0.5],
      ['resolved', 3],
    ],
    lines: [
      { from: 'staff', text: 'Sorry about that. Was the phone online when you scanned it?', afterMinutes: 25 },
      { from: 'customer', text: 'Yes, it worked on the third try.', afterMinutes: 40 },
      {
        from: 'staff',
        text: 'The fridge lost its network for a minute then; it is back to normal.',
        afterMinutes: 170,
      },
    ],
    daysAgo: 4,
  },
  {
    title: 'Please add oat milk lattes',
    text: 'Could this fridge also have oat milk coffee drinks? I would buy one every day.',
    moves: [['in_work', 20]],
    lines: [{ from: 'staff', text: 'Good idea, we passed it on to the planning team.', afterMinutes: 1_200 }],
    daysAgo: 2,
  },
  {
    title: 'Expired yogurt on the shelf',
    text: 'The strawberry yogurt on the middle shelf expired yesterday.',
    moves: [
      ['in_work', 0.3],
      ['resolved', 2],
    ],
    lines: [
      { from: 'staff', text: 'Thank you! The courier is on the way to take it out.', afterMinutes: 15 },
      { from: 'staff', text: 'Removed and written off. Sorry for the trouble.', afterMinutes: 115 },
    ],
    daysAgo: 3,
  },
  {
    title: 'Wrong price on the label',
    text: 'The label says 45 but I was charged 50 for the cola.',
    moves: [],
    lines: [],
    daysAgo: 0.1,
    aboutSale: true,
  },
  {
    title: 'Test message',
    text: 'Just checking how this chat works.',
    moves: [['cancelled', 0.2]],
    lines: [],
    daysAgo: 5,
  },
];

/** The desk's own tickets: fridge work for the operator and the courier. */
const TICKETS: (Conversation & { priority: 'low' | 'normal' | 'high' | 'urgent'; assignee: 'operator' | 'courier' })[] =
  [
    {
      title: 'Library fridge: compressor service',
      text: 'The yearly service is due: clean the condenser, check the compressor and the door seal.',
      moves: [['in_work', 20]],
      lines: [{ from: 'staff', text: 'Booked with the service company for this week.', afterMinutes: 1_250 }],
      daysAgo: 1.5,
      priority: 'high',
      assignee: 'operator',
      about: 'VT-1003',
    },
    {
      title: 'Pechersk Tower fridge has no power',
      text: 'The fridge went offline. The building manager says the socket was switched off during repairs.',
      moves: [],
      lines: [],
      daysAgo: 0.1,
      priority: 'urgent',
      assignee: 'operator',
      about: 'VT-1008',
    },
    {
      title: 'Replace the price label on shelf 2',
      text: 'The e-ink label on the second shelf of Gulliver shows an old price.',
      moves: [
        ['in_work', 4],
        ['resolved', 26],
      ],
      lines: [
        { from: 'staff', text: 'Label replaced and synced.', afterMinutes: 1_500 },
        { from: 'staff', text: 'Checked on the price tags tab: shown prices match.', afterMinutes: 1_550 },
      ],
      daysAgo: 5,
      priority: 'normal',
      assignee: 'courier',
      about: 'VT-1002',
    },
    {
      title: 'Level the Fitness Club fridge',
      text: 'The accelerometer check said the tilt needs adjusting after the floor was cleaned.',
      moves: [
        ['in_work', 2],
        ['resolved', 8],
      ],
      lines: [{ from: 'staff', text: 'Adjusted the feet, the check now says the tilt is correct.', afterMinutes: 460 }],
      daysAgo: 4,
      priority: 'low',
      assignee: 'courier',
      about: 'VT-1005',
    },
    {
      title: 'Order more cold brew for IT Park',
      text: 'Cold brew sells out by noon there. Raise it in the planogram or visit twice a day.',
      moves: [['rejected', 30]],
      lines: [
        { from: 'staff', text: 'The shelf is full already; we keep the planogram for now.', afterMinutes: 1_790 },
      ],
      daysAgo: 6,
      priority: 'normal',
      assignee: 'operator',
      about: 'VT-1006',
    },
  ];

/**
 * The support desk as a week of work left it: customers' chats (answered, resolved, one still
 * new) and the desk's tickets about the fleet (one urgent in work, one new, others done), each
 * with its comments and every status it went through. Most are the main organisation's; each
 * sub-organisation has a customer's chat, and Kyiv Office Markets the ticket of its cabinet
 * without power.
 */
async function seedSupportDesk(db: Db, orgIds: number[], now: Date) {
  const [main, ...subs] = orgIds;
  if (main === undefined) return;
  const staff = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['support@vitrina.local', 'operator@vitrina.local', 'courier@vitrina.local']));
  const staffId = (email: string) => staff.find((user) => user.email === email)?.id ?? null;
  const desk = staffId('support@vitrina.local') ?? staffId('operator@vitrina.local');
  const people = { operator: staffId('operator@vitrina.local'), courier: staffId('courier@vitrina.local') };
  const fleet = await db
    .select({ id: micromarkets.id, orgId: micromarkets.orgId, serial: micromarkets.serialNumber })
    .from(micromarkets)
    .where(inArray(micromarkets.orgId, orgIds))
    .orderBy(asc(micromarkets.id));
  const marketOf = (orgId: number, at: number) => {
    const own = fleet.filter((market) => market.orgId === orgId);
    return own.length === 0 ? null : own[at % own.length]!;
  };
  let customerAt = 0;
  const write = async (
    ownOrgId: number,
    conversation: Conversation,
    kind: 'chat' | 'ticket',
    extra: { priority?: string; assigneeId?: number | null; marketIndex: number },
  ) => {
    const about = conversation.about ? fleet.find((market) => market.serial === conversation.about) : undefined;
    const orgId = about?.orgId ?? ownOrgId;
    const customers =
      kind === 'chat'
        ? await db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.orgId, orgId), eq(users.userType, USER_KIND.client)))
            .orderBy(asc(users.id))
        : [];
    const customer = customers.length > 0 ? customers[customerAt++ % customers.length]! : null;
    const sale =
      customer && conversation.aboutSale
        ? (
            await db
              .select({ id: transactions.id, micromarketId: transactions.micromarketId })
              .from(transactions)
              .where(and(eq(transactions.customerId, customer.id), isNotNull(transactions.closedAt)))
              .orderBy(desc(transactions.openedAt))
              .limit(1)
          )[0]
        : undefined;
    const market =
      about ?? (sale ? fleet.find((row) => row.id === sale.micromarketId) : null) ?? marketOf(orgId, extra.marketIndex);
    const openedAt = now.getTime() - conversation.daysAgo * DAY;
    const moves = conversation.moves.map(([status, hours]) => ({ status, at: openedAt + hours * HOUR }));
    const comments = conversation.lines.map((line) => ({
      authorKind: line.from,
      authorId: line.from === 'customer' ? (customer?.id ?? null) : kind === 'ticket' ? extra.assigneeId : desk,
      text: line.text,
      createdAt: new Date(openedAt + line.afterMinutes * MINUTE),
    }));
    const lastAt = Math.max(openedAt, ...moves.map((move) => move.at), ...comments.map((c) => c.createdAt.getTime()));
    const [thread] = await db
      .insert(supportThreads)
      .values({
        kind,
        orgId,
        title: conversation.title,
        text: conversation.text,
        status: moves.at(-1)?.status ?? 'new',
        priority: (extra.priority ?? 'normal') as 'normal',
        customerId: customer?.id ?? null,
        micromarketId: market?.id ?? null,
        transactionId: sale?.id ?? null,
        assigneeId: extra.assigneeId ?? null,
        createdBy: kind === 'ticket' ? desk : (customer?.id ?? null),
        commentsCount: comments.length,
        lastCommentAt: comments.at(-1)?.createdAt ?? null,
        createdAt: new Date(openedAt),
        updatedAt: new Date(Math.min(lastAt, now.getTime())),
      })
      .returning({ id: supportThreads.id });
    await db
      .insert(supportEvents)
      .values([
        { threadId: thread!.id, status: 'new', byId: kind === 'ticket' ? desk : null, at: new Date(openedAt) },
        ...moves.map((move) => ({ threadId: thread!.id, status: move.status, byId: desk, at: new Date(move.at) })),
      ]);
    if (comments.length > 0)
      await db.insert(supportComments).values(comments.map((comment) => ({ threadId: thread!.id, ...comment })));
  };

  for (const [index, chat] of CHATS.entries()) await write(main, chat, 'chat', { marketIndex: index });
  for (const [index, ticket] of TICKETS.entries()) {
    await write(main, ticket, 'ticket', {
      priority: ticket.priority,
      assigneeId: people[ticket.assignee],
      marketIndex: index,
    });
  }
  // Each sub-organisation's customers ask too.
  for (const [index, orgId] of subs.entries()) {
    await write(orgId, CHATS[(index + 1) % CHATS.length]!, 'chat', { marketIndex: index });
  }
}
