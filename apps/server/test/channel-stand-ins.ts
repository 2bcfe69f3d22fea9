import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** What a stand-in received: Telegram's `sendMessage`, WhatsApp's `messages`, or a mail. */
export type Received = { service: 'telegram' | 'whatsapp' | 'mail'; credential: string; to: string; text: string };

const BAD = 'refused-secret';

function readJson(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? (JSON.parse(text) as Record<string, unknown>) : {});
      } catch {
        resolve({});
      }
    });
  });
}

/**
 * Local stand-ins for Telegram's Bot API (POST /bot<token>/sendMessage, as grammY calls it),
 * WhatsApp's Cloud API (POST /<phone-number-id>/messages with a bearer token) and an SMTP
 * server. The secret `refused-secret` is refused the way each service refuses a bad one.
 */
export async function startChannelStandIns() {
  const received: Received[] = [];
  const server = http.createServer(async (request, response) => {
    const body = await readJson(request);
    const answer = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    const telegram = /^\/telegram\/bot([^/]+)\/sendMessage$/.exec(request.url ?? '');
    if (telegram) {
      const token = decodeURIComponent(telegram[1]!);
      if (token === BAD) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      received.push({ service: 'telegram', credential: token, to: String(body.chat_id), text: String(body.text) });
      return answer(200, {
        ok: true,
        result: {
          message_id: received.length,
          date: 0,
          chat: { id: Number(body.chat_id), type: 'private' },
          text: body.text,
        },
      });
    }
    const whatsapp = /^\/whatsapp\/(\d+)\/messages$/.exec(request.url ?? '');
    if (whatsapp) {
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (token === BAD) {
        return answer(401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      }
      const text = (body.text as { body?: string } | undefined)?.body ?? '';
      received.push({ service: 'whatsapp', credential: `${whatsapp[1]}:${token}`, to: String(body.to), text });
      return answer(200, { messaging_product: 'whatsapp', messages: [{ id: `wamid.${received.length}` }] });
    }
    answer(404, { error: { message: 'unknown path' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onAuth(auth, _session, callback) {
      if (auth.password === BAD) return callback(new Error('Invalid login'));
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          service: 'mail',
          credential: String(session.user ?? ''),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','),
          text: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  return {
    received,
    refusedSecret: BAD,
    endpoints: { telegramApiRoot: `${base}/telegram`, whatsappApiBase: `${base}/whatsapp` },
    smtpPort,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
