import http from 'node:http';

/** A small closed-loop load generator: `concurrency` workers call `task` until `durationMs` ends. */
export type LoadResult = { count: number; errors: number; seconds: number; latenciesMs: number[] };

export async function runLoad(options: {
  concurrency: number;
  durationMs: number;
  task: (iteration: number) => Promise<boolean>;
}): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  let errors = 0;
  let iteration = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const begin = performance.now();
      const ok = await options.task(iteration++).catch(() => false);
      latenciesMs.push(performance.now() - begin);
      if (!ok) errors++;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { count: latenciesMs.length, errors, seconds: (performance.now() - started) / 1000, latenciesMs };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function summarise(result: LoadResult) {
  return {
    p50: percentile(result.latenciesMs, 50),
    p95: percentile(result.latenciesMs, 95),
    rps: result.count / result.seconds,
    errors: result.errors,
  };
}

/** One HTTP request to this machine's `port` over `agent` (keep-alive): its status and body text. */
export function localRequest(
  agent: http.Agent,
  port: number,
  method: string,
  url: string,
  headers: http.OutgoingHttpHeaders,
  body?: string,
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
