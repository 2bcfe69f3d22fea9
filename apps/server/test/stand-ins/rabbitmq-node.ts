import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTempRabbitmq, type TempRabbitmq } from '../../../../scripts/temp-rabbitmq.mjs';
import type { App } from '../../src/app.js';

/** A server instance RabbitMQ's auth backend can reach: an app in this process, or a process's base URL. */
export type AuthTarget = App | string;

/**
 * The load balancer in front of the server instances, as RabbitMQ's HTTP auth backend reaches
 * them in production (docs/rabbitmq/rabbitmq.conf `auth_http.*`): each request goes to the next
 * live instance, and to another when one is down. In-process apps are asked with `inject`.
 */
export class AuthFront {
  readonly targets = new Set<AuthTarget>();
  private server: http.Server | null = null;
  private next = 0;
  requests = 0;

  private base: string | null = null;

  /** Listens (once: a second call answers the same address). */
  async start(): Promise<string> {
    if (this.base) return this.base;
    const server = http.createServer((request, response) => {
      this.requests += 1;
      void this.forward(request.url ?? '/').then(
        ({ status, body }) => response.writeHead(status, { 'content-type': 'text/plain' }).end(body),
        () => response.writeHead(502).end('deny'),
      );
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.base;
  }

  private async forward(url: string): Promise<{ status: number; body: string }> {
    const targets = [...this.targets];
    for (let tried = 0; tried < targets.length; tried++) {
      const target = targets[(this.next++ + tried) % targets.length]!;
      try {
        if (typeof target === 'string') {
          const answer = await fetch(`${target}${url}`, { signal: AbortSignal.timeout(5_000) });
          return { status: answer.status, body: await answer.text() };
        }
        const answer = await target.inject({ method: 'GET', url });
        return { status: answer.statusCode, body: answer.body };
      } catch {
        // That instance is down: the next one answers.
      }
    }
    throw new Error('no instance answers');
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.base = null;
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

/** A RabbitMQ node on the recipe whose device logins are asked of `front`'s instances. */
export async function startRecipeRabbitmq(front: AuthFront): Promise<TempRabbitmq> {
  return startTempRabbitmq({ authBase: await front.start() });
}
