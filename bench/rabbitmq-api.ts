import fs from 'node:fs';

/** The management API of a RabbitMQ node (the benches' throwaway one): GET, as its administrator. */
export async function managementGet<T>(managementUrl: string, path: string): Promise<T> {
  const url = new URL(managementUrl);
  const authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
  const response = await fetch(`${url.protocol}//${url.host}${path}`, {
    headers: { authorization },
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`RabbitMQ management ${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** The node's version and Erlang's, from /api/overview. */
export async function rabbitmqVersion(managementUrl: string): Promise<{ rabbitmq: string; erlang: string }> {
  const overview = await managementGet<{ rabbitmq_version: string; erlang_version: string }>(
    managementUrl,
    '/api/overview',
  );
  return { rabbitmq: overview.rabbitmq_version, erlang: overview.erlang_version };
}

/** The node's limits once its first statistics are in (a few seconds after start): descriptors, sockets, processes. */
export async function rabbitmqLimits(
  managementUrl: string,
): Promise<{ name: string; fdTotal: number; socketsTotal: number; procTotal: number }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [node] = await managementGet<
      { name: string; fd_total?: number; sockets_total?: number; proc_total?: number }[]
    >(managementUrl, '/api/nodes');
    if (node?.fd_total !== undefined || Date.now() > deadline) {
      return {
        name: node?.name ?? '?',
        fdTotal: node?.fd_total ?? Number.NaN,
        socketsTotal: node?.sockets_total ?? Number.NaN,
        procTotal: node?.proc_total ?? Number.NaN,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Open file descriptors this process may hold (`ulimit -n`), from /proc (Linux). */
export function openFilesLimit(pid: number | 'self' = 'self'): number {
  try {
    const line = /Max open files\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/limits`, 'utf8'));
    return line ? Number(line[1]) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
