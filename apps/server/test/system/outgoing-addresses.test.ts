import { lookup } from 'node:dns/promises';
import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { api, type TChannelTestResult, translate } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationChannels } from '../../src/db/schema/index.js';
import type { HostLookup } from '../../src/lib/outgoing-address.js';
import { callApi, okApi } from '../api-client.js';
import { createTenant } from '../factories/tenant.js';
import { createSignedInUser } from '../factories/users.js';
import { createTestContext, type TestContext } from '../helper.js';
import { startChannelStandIns } from '../stand-ins/channel-stand-ins.js';

/**
 * Issue 33: an organisation's mail server may not be this server's own network or a cloud's
 * metadata service, unless the platform admin allows the host (OUTGOING_ALLOW_HOSTS), and a
 * test send answers one text whatever went wrong. The SMTP stand-ins listen on loopback; this
 * server allows only the name `mail.vitrina.test`, which its resolver (a fixed table here)
 * points at them and the system's resolver does not know.
 */
const ANSWERS: Record<string, string[]> = {
  'mail.vitrina.test': ['127.0.0.1'],
  'public.shop.example': ['203.0.113.5'],
  'private.shop.example': ['10.0.0.7'],
  'mixed.shop.example': ['203.0.113.5', '192.168.1.1'],
  'metadata-alias.shop.example': ['169.254.169.254'],
  'v6.shop.example': ['fd00:ec2::254'],
};
const tableLookup: HostLookup = async (host) => {
  const answers = ANSWERS[host];
  if (answers) return answers.map((address) => ({ address, family: net.isIP(address) }));
  // Literal and local forms (`2130706433`, `localhost`) as the system reads them; no network.
  if (/^[0-9.]+$/.test(host) || host === 'localhost') return lookup(host, { all: true });
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
};

let ctx: TestContext;
let standIns: Awaited<ReturnType<typeof startChannelStandIns>>;
const warnings: string[] = [];
beforeAll(async () => {
  standIns = await startChannelStandIns();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      warnings.push(chunk.toString('utf8'));
      done();
    },
  });
  ctx = await createTestContext({
    logger: { level: 'warn', stream },
    channels: standIns.endpoints,
    outgoingAllowHosts: ['mail.vitrina.test'],
    outgoingLookup: tableLookup,
  });
});
afterAll(async () => {
  await ctx.close();
  await standIns.stop();
});

const db = () => ctx.database.db;

async function manager() {
  const tenant = await createTenant(db());
  const user = await createSignedInUser(db(), {
    orgId: tenant.org.main,
    permissions: ['show_notification_system_page'],
  });
  return { tenant, token: user.token };
}

const mailChannel = (host: string, port = standIns.smtpPort) => ({
  type: 2 as const,
  name: `Mail via ${host}`,
  host,
  port,
  username: 'alerts',
  secret: 'smtp-password-33',
  from_address: 'alerts@shop.example',
});

/** A channel saved before its host was refused (an older server, or an allow-list since shortened). */
async function storedChannel(orgId: number, host: string, port: number) {
  const now = new Date();
  const [row] = await db()
    .insert(notificationChannels)
    .values({
      orgId,
      type: 2,
      name: `Stored ${host}:${port}`,
      settings: { host, port, secure: false, from_address: 'alerts@shop.example' },
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: notificationChannels.id });
  return row!.id;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('outgoing addresses', () => {
  it('refuses this server’s own networks and the clouds’ metadata as a mail host, in the caller’s language', async () => {
    const { tenant, token } = await manager();
    const refused = [
      '127.0.0.1',
      'localhost',
      '2130706433',
      '[::1]',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      'fd00:ec2::254',
      'fe80::1',
      '224.0.0.1',
      'metadata.google.internal',
      'METADATA.google.internal.',
      'metadata',
      'private.shop.example',
      'mixed.shop.example',
      'metadata-alias.shop.example',
      'v6.shop.example',
      'nowhere.shop.example',
    ];
    const message = translate('channel.host_refused', 'pl');
    for (const host of refused) {
      const response = await callApi(ctx, api.notificationChannel.create, {
        token,
        lang: 'pl',
        body: mailChannel(host),
      });
      expect(response.statusCode, host).toBe(400);
      expect(response.error().fields, host).toEqual({ host: message });
    }
    const stored = await db()
      .select()
      .from(notificationChannels)
      .where(eq(notificationChannels.orgId, tenant.org.main));
    expect(stored).toEqual([]);

    // A public host is kept; changing it to a refused one is refused and keeps it.
    const channel = await okApi(ctx, api.notificationChannel.create, {
      token,
      body: mailChannel('public.shop.example'),
    });
    const update = await callApi(ctx, api.notificationChannel.update, {
      params: { id: channel.id },
      token,
      lang: 'it',
      body: { host: '169.254.169.254' },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json()).toMatchObject({ fields: { host: translate('channel.host_refused', 'it') } });
    const info = await callApi(ctx, api.notificationChannel.info, { params: { id: channel.id }, token });
    expect(info.json().host).toBe('public.shop.example');
  });

  it('answers one text for a refused host and a failed connection alike, and logs what happened', async () => {
    const { tenant, token } = await manager();
    const closed = await closedPort();
    const loopback = await storedChannel(tenant.org.main, '127.0.0.1', standIns.smtpPort);
    const metadata = await storedChannel(tenant.org.main, '169.254.169.254', 25);
    const refusedPort = (
      await okApi(ctx, api.notificationChannel.create, { token, body: mailChannel('mail.vitrina.test', closed) })
    ).id;
    const noTls = (
      await okApi(ctx, api.notificationChannel.create, {
        token,
        body: mailChannel('mail.vitrina.test', standIns.plainSmtpPort),
      })
    ).id;
    const before = standIns.received.length;
    const answers: TChannelTestResult[] = [];
    for (const id of [loopback, metadata, refusedPort, noTls]) {
      const response = await callApi(ctx, api.notificationChannel.test, {
        params: { id },
        token,
        lang: 'ua',
        body: { recipient: 'ops@shop.example' },
      });
      expect(response.statusCode).toBe(200);
      answers.push(response.json());
    }
    const text = translate('channel.mail_failed', 'ua');
    expect(answers.map((answer) => [answer.ok, answer.error, answer.channel.last_test_error])).toEqual(
      Array(4).fill([false, text, text]),
    );
    // The loopback stand-in was never reached, and no login went to the one without TLS.
    expect(standIns.received.length).toBe(before);
    expect(standIns.logins.filter((login) => login.server === 'plain')).toEqual([]);
    const log = warnings.join('\n');
    expect(log).toContain('127.0.0.1');
    expect(log).toContain('169.254.169.254');
    expect(log).toContain('ECONNREFUSED');
    expect(log).toMatch(/STARTTLS/i);
  });

  it('connects to the address it checked, with the allowed name for TLS', async () => {
    const { token } = await manager();
    // The system's resolver does not know the name: a client resolving it again would fail.
    await expect(lookup('mail.vitrina.test')).rejects.toThrow();
    const channel = await okApi(ctx, api.notificationChannel.create, { token, body: mailChannel('mail.vitrina.test') });
    const answer = await okApi(ctx, api.notificationChannel.test, {
      params: { id: channel.id },
      token,
      body: {
        recipient: 'pinned@shop.example',
      },
    });
    expect(answer).toMatchObject({ ok: true, error: null });
    expect(standIns.received.at(-1)).toMatchObject({ service: 'mail', to: 'pinned@shop.example' });
    expect(standIns.logins.at(-1)).toMatchObject({ server: 'tls', secure: true, password: 'smtp-password-33' });
  });

  it('guards every mail an organisation’s channel sends: an invitation falls back to the outbox', async () => {
    const { tenant } = await manager();
    await storedChannel(tenant.org.main, '127.0.0.1', standIns.smtpPort);
    const before = standIns.received.length;
    const email = `guarded.${Date.now()}${Math.random().toString(36).slice(2, 6)}@shop.example`;
    await okApi(ctx, api.user.create, {
      token: await tenant.token('operator'),
      body: {
        name: 'Guarded',
        email,
        org_id: tenant.org.main,
      },
    });
    expect(standIns.received.length).toBe(before);
    expect((await ctx.mails()).some((mail) => mail.to === email)).toBe(true);
  });
});
