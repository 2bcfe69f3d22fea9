import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/plugins/request-logging.js';
import { createTestContext, type TestContext } from '../helper.js';

let ctx: TestContext;
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

type LogLine = { reqId?: string; msg?: string; req?: { url?: string } };
const logged = () => lines.map((line) => JSON.parse(line) as LogLine);

// The request lines are `debug`: these tests read them at that level.
beforeAll(async () => {
  ctx = await createTestContext({ logger: { level: 'debug', stream } });
});
afterAll(() => ctx.close());

describe('the request log', () => {
  it('never holds an invitation or reset token, in a path or in ?token=', async () => {
    const secret = 'Sup3rSecretT0ken';
    const urls = [
      `/v1/user/registration/${secret}`,
      `/v1/user/reset/password/${secret}`,
      `/registration/${secret}`,
      `/reset/password/${secret}?lang=en`,
      `/auth-redirect?token=${secret}&next=/dashboard`,
    ];
    for (const url of urls) await ctx.app.inject({ method: 'GET', url });
    await ctx.app.inject({ method: 'POST', url: `/v1/user/reset/password/${secret}`, payload: {} });
    expect(lines.length).toBeGreaterThan(urls.length);
    expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    const requested = logged()
      .map((line) => line.req?.url)
      .filter(Boolean);
    expect(requested).toEqual(
      expect.arrayContaining([
        '/v1/user/registration/[redacted]',
        '/v1/user/reset/password/[redacted]',
        '/registration/[redacted]',
        '/reset/password/[redacted]?lang=en',
        '/auth-redirect?token=[redacted]&next=/dashboard',
      ]),
    );
  });

  it('never holds an open-fridge or courier link token, a door command id or a receipt token', async () => {
    const link = '5f0c8a52-3d4e-4b7a-9c1d-2e3f4a5b6c7d';
    const command = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
    const receipt = 'rcpt0Secret0Token0123';
    const urls = [
      `/notauth/open/fridge/${link}`,
      `/notauth/courier/open/fridge/${link}?lang=ua`,
      `/v1/open/fridge/${link}`,
      `/v1/courier/open/fridge/${link}`,
      `/v1/open/door/${command}`,
      `/receipt/${receipt}`,
      `/v1/notauth/receipt/${receipt}`,
      `/v1/notauth/receipt/${receipt}/pdf`,
    ];
    for (const url of urls) await ctx.app.inject({ method: 'GET', url, remoteAddress: '10.77.0.1' });
    for (const url of [`/v1/open/fridge/${link}`, `/v1/courier/open/fridge/${link}`]) {
      await ctx.app.inject({ method: 'POST', url, payload: { name: 'Olena' }, remoteAddress: '10.77.0.2' });
    }
    const leaked = lines.filter((line) => [link, command, receipt].some((secret) => line.includes(secret)));
    expect(leaked).toEqual([]);
    const requested = logged().map((line) => line.req?.url);
    expect(requested).toEqual(
      expect.arrayContaining([
        '/notauth/open/fridge/[redacted]',
        '/notauth/courier/open/fridge/[redacted]?lang=ua',
        '/v1/open/fridge/[redacted]',
        '/v1/courier/open/fridge/[redacted]',
        '/v1/open/door/[redacted]',
        '/receipt/[redacted]',
        '/v1/notauth/receipt/[redacted]',
        '/v1/notauth/receipt/[redacted]/pdf',
      ]),
    );
  });

  it('never holds the customer app’s QR token or a 3-D Secure challenge token', async () => {
    const qr = 'qr0Secret0Token0fridge0123';
    const challenge = 'pi_3dsSecretChallenge0123';
    const urls = [
      `/v1/app/open/fridge/${qr}`,
      `/v1/notauth/test-bank/authenticate/${challenge}`,
      `/v1/notauth/test-bank/authenticate/${challenge}?lang=pl`,
    ];
    for (const url of urls) await ctx.app.inject({ method: 'GET', url, remoteAddress: '10.77.0.3' });
    await ctx.app.inject({ method: 'POST', url: `/v1/app/open/fridge/${qr}`, payload: {}, remoteAddress: '10.77.0.3' });
    await ctx.app.inject({
      method: 'POST',
      url: `/v1/notauth/test-bank/authenticate/${challenge}`,
      payload: { answer: 'approve' },
      remoteAddress: '10.77.0.3',
    });
    expect(lines.filter((line) => line.includes(qr) || line.includes(challenge))).toEqual([]);
    const requested = logged().map((line) => line.req?.url);
    expect(requested).toEqual(
      expect.arrayContaining([
        '/v1/app/open/fridge/[redacted]',
        '/v1/notauth/test-bank/authenticate/[redacted]',
        '/v1/notauth/test-bank/authenticate/[redacted]?lang=pl',
      ]),
    );
  });

  it('replaces token and password fields of a logged body', () => {
    const secret = 'B0dySecretT0ken';
    ctx.app.log.warn(
      { body: { token: secret, password: secret, name: 'Olena' }, payload: { code: secret, qr_token: secret } },
      'a handler logs what it was sent',
    );
    const line = lines.at(-1)!;
    expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toMatchObject({
      body: { token: '[redacted]', password: '[redacted]', name: 'Olena' },
      payload: { code: '[redacted]', qr_token: '[redacted]' },
    });
  });

  it('redactUrl leaves other URLs alone', () => {
    expect(redactUrl('/v1/product/list?q=token&page=2')).toBe('/v1/product/list?q=token&page=2');
    expect(redactUrl('/v1/user/registration')).toBe('/v1/user/registration');
    expect(redactUrl('/x?a=1&TOKEN=abc')).toBe('/x?a=1&TOKEN=[redacted]');
    // Ids an operator's session guards are not capabilities.
    expect(redactUrl('/v1/device/transaction/receipt/12')).toBe('/v1/device/transaction/receipt/12');
    expect(redactUrl('/v1/device/open-links/7')).toBe('/v1/device/open-links/7');
    expect(redactUrl('/v1/courier/stop/3')).toBe('/v1/courier/stop/3');
  });
});

describe('request ids', () => {
  it('keeps a short safe x-request-id from the caller, in the answer and the log', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'edge-42.a_b' },
    });
    expect(response.headers['x-request-id']).toBe('edge-42.a_b');
    expect(logged().some((line) => line.reqId === 'edge-42.a_b')).toBe(true);
  });

  it('replaces an unsafe or overlong one with a UUID', async () => {
    for (const unsafe of ['a b', 'x"}{"admin":true', '../../etc', 'a'.repeat(65), '']) {
      const response = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': unsafe } });
      const id = String(response.headers['x-request-id']);
      expect(id, unsafe).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(logged().some((line) => line.reqId === unsafe)).toBe(false);
    }
  });
});

describe('the log at the default level', () => {
  it('holds no line per request, found or not; debug has both', async () => {
    const infoLines: string[] = [];
    const infoStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        infoLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const quiet = await createTestContext({ logger: { level: 'info', stream: infoStream } });
    try {
      for (const url of ['/healthz', '/v1/user/me', '/v1/no/such/route'])
        await quiet.app.inject({ method: 'GET', url, headers: { 'x-request-id': 'quiet-1' } });
      expect(infoLines.filter((line) => line.includes('quiet-1'))).toEqual([]);
    } finally {
      await quiet.close();
    }
    for (const url of ['/healthz', '/v1/no/such/route'])
      await ctx.app.inject({ method: 'GET', url, headers: { 'x-request-id': 'loud-1' } });
    const loud = logged()
      .filter((line) => line.reqId === 'loud-1')
      .map((line) => line.msg);
    expect(loud.filter((msg) => msg === 'incoming request')).toHaveLength(2);
    expect(loud.filter((msg) => msg === 'request completed')).toHaveLength(2);
  });
});
