import { SALE_STATUS } from '@vitrina/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../apps/server/src/db/client.js';
import { UPLINK_QUEUE_PREFIX } from '../apps/server/src/gateway/rabbitmq-broker.js';
import { RABBITMQ_VHOST } from '../scripts/temp-rabbitmq.mjs';

/** What bench:sales-instances reads of a session's sale once the run is over (times in epoch ms). */
export type SaleFacts = {
  doorSessionId: string;
  micromarketId: number;
  createdAt: number;
  settledAt: number | null;
  updatedAt: number;
  status: number;
  paymentStatus: number;
  errorCode: string | null;
};

const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** How many of the sessions' sales are paid (payment status 1). */
export async function paidCount(db: Db, sessionIds: string[]): Promise<number> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS n FROM transactions
    WHERE door_session_id = ANY(${uuidArray(sessionIds)}::uuid[]) AND payment_status = 1`);
  return rowsOf<{ n: number }>(result)[0]!.n;
}

export async function salesOfSessions(db: Db, sessionIds: string[]): Promise<SaleFacts[]> {
  const result = await db.execute(sql`
    SELECT door_session_id, micromarket_id, status, payment_status, error_code,
      (extract(epoch FROM created_at) * 1000)::float8 AS created_ms,
      (extract(epoch FROM settled_at) * 1000)::float8 AS settled_ms,
      (extract(epoch FROM updated_at) * 1000)::float8 AS updated_ms
    FROM transactions WHERE door_session_id = ANY(${uuidArray(sessionIds)}::uuid[])`);
  return rowsOf<{
    door_session_id: string;
    micromarket_id: number;
    status: number;
    payment_status: number;
    error_code: string | null;
    created_ms: number;
    settled_ms: number | null;
    updated_ms: number;
  }>(result).map((row) => ({
    doorSessionId: row.door_session_id,
    micromarketId: Number(row.micromarket_id),
    createdAt: Number(row.created_ms),
    settledAt: row.settled_ms === null ? null : Number(row.settled_ms),
    updatedAt: Number(row.updated_ms),
    status: Number(row.status),
    paymentStatus: Number(row.payment_status),
    errorCode: row.error_code,
  }));
}

/**
 * The longest stretch any micromarket had a sale new or processing (status 0 or 3: the sales
 * gate's "previous transaction unclosed" holds the whole micromarket then), from the sales'
 * own times: each holds it from its creation (door open) until it was settled; one left at
 * another status since its last update; one still new or processing until `now`. Overlapping
 * stretches of one micromarket are one.
 */
export function longestRefusalMs(sales: SaleFacts[], now: number): number {
  const held = new Map<number, [number, number][]>();
  for (const sale of sales) {
    const running = sale.status === SALE_STATUS.new || sale.status === SALE_STATUS.processing;
    const end = sale.settledAt ?? (running ? now : sale.updatedAt);
    const list = held.get(sale.micromarketId) ?? [];
    list.push([sale.createdAt, end]);
    held.set(sale.micromarketId, list);
  }
  let longest = 0;
  for (const stretches of held.values()) {
    stretches.sort((a, b) => a[0] - b[0]);
    let [start, end] = stretches[0]!;
    for (const [from, to] of stretches) {
      if (from > end) {
        longest = Math.max(longest, end - start);
        start = from;
      }
      end = Math.max(end, to);
    }
    longest = Math.max(longest, end - start);
  }
  return longest;
}

const ZQueue = z.object({
  consumer_details: z.array(
    z.object({
      active: z.boolean().optional(),
      activity_status: z.string().optional(),
      channel_details: z.object({ connection_name: z.string() }),
    }),
  ),
});
const ZConnection = z.object({ client_properties: z.object({ connection_name: z.string().optional() }) });

/**
 * The process id of the server instance that is the QoS 1 queue's single active consumer, from
 * the management API: the consumer's channel names its connection, and each instance names its
 * AMQP connection `vitrina-server {host} {pid}` in the client properties. Null when the API
 * names none (its statistics lag a few seconds behind a new consumer).
 */
export async function activeConsumerPid(managementUrl: string): Promise<number | null> {
  const url = new URL(managementUrl);
  const authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
  const get = async (route: string) => {
    const answer = await fetch(`${url.protocol}//${url.host}/api/${route}`, {
      headers: { authorization },
      signal: AbortSignal.timeout(5_000),
    });
    return answer.ok ? ((await answer.json()) as unknown) : null;
  };
  const queue = await get(
    `queues/${encodeURIComponent(RABBITMQ_VHOST)}/${encodeURIComponent(`${UPLINK_QUEUE_PREFIX}0`)}`,
  );
  if (!queue) return null;
  const active = ZQueue.parse(queue).consumer_details.find(
    (consumer) => consumer.active === true || consumer.activity_status === 'single_active',
  );
  if (!active) return null;
  const connection = await get(`connections/${encodeURIComponent(active.channel_details.connection_name)}`);
  if (!connection) return null;
  const pid = ZConnection.parse(connection).client_properties.connection_name?.match(/ (\d+)$/)?.[1];
  return pid ? Number(pid) : null;
}
