/** Memory readings of bench/rabbitmq-connections.ts: this process after a full GC, and a RabbitMQ node after its own. */
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { TempRabbitmq } from '../scripts/temp-rabbitmq.mjs';
import { managementGet } from './rabbitmq-api.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** This process's resident set (bytes, /proc) and V8 heap after a full collection. */
export async function processMemory() {
  gc();
  await sleep(200);
  gc();
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  const usage = process.memoryUsage();
  return { rss, heap: usage.heapUsed, external: usage.external };
}

export type NodeMemory = { rss: number; erlang: number; processes: number; categories: Record<string, number> };

/** The RabbitMQ node's memory after a full-sweep GC of every Erlang process. */
export async function nodeMemory(node: TempRabbitmq, name: string): Promise<NodeMemory> {
  await node.ctl(['force_gc']);
  await sleep(1000);
  const { memory } = await managementGet<{
    memory: Record<string, number> & { total: { rss: number; erlang: number } };
  }>(node.managementUrl, `/api/nodes/${encodeURIComponent(name)}/memory`);
  const { total, strategy: _strategy, ...categories } = memory;
  const processes = Number((await node.ctl(['eval', 'erlang:system_info(process_count).'])).trim());
  return { rss: total.rss, erlang: total.erlang, processes, categories: categories as Record<string, number> };
}

/**
 * The user-space receive buffers of the node's sockets (inet's `buffer` option), in bytes:
 * erlang:memory(total) counts them whole, though only what data touches is resident.
 */
export async function inetBufferBytes(node: TempRabbitmq): Promise<number> {
  const sum =
    'lists:sum([B || P <- erlang:ports(), erlang:port_info(P, name) == {name, "tcp_inet"}, ' +
    '{ok, [{buffer, B}]} <- [inet:getopts(P, [buffer])]]).';
  return Number((await node.ctl(['eval', sum])).trim());
}
