import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { ChannelEndpoints } from '../../src/modules/notifications/index.js';
import { checkTelegramCall } from '../specs/spec-check.js';
import { whatsAppStandIn } from './whatsapp-stand-in.js';

/** What a stand-in received: Telegram's `sendMessage`, WhatsApp's `messages`, or a mail. */
export type Received = {
  service: 'telegram' | 'whatsapp' | 'mail';
  credential: string;
  to: string;
  text: string;
  /** WhatsApp: the template's name, or null for free-form text. */
  template?: string | null;
};

/** A login the SMTP servers saw, and whether the connection was encrypted by then. */
export type SmtpLogin = { user: string; password: string; secure: boolean; server: 'tls' | 'plain' };

const BAD = 'refused-secret';
const TLS_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), 'tls');
/** A self-signed certificate for 127.0.0.1, localhost, mail.vitrina.test and relay.vitrina.internal, made for these tests (test/tls). */
export const SMTP_STAND_IN_CERT = fs.readFileSync(path.join(TLS_DIR, 'smtp-stand-in.crt'), 'utf8');
const SMTP_STAND_IN_KEY = fs.readFileSync(path.join(TLS_DIR, 'smtp-stand-in.key'), 'utf8');

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

async function listenSmtp(options: SMTPServerOptions): Promise<{ server: SMTPServer; port: number }> {
  const server = new SMTPServer(options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port };
}

/**
 * Local stand-ins for Telegram's Bot API (POST /bot<token>/sendMessage, as grammY calls it),
 * WhatsApp's Cloud API (see whatsapp-stand-in.ts) and two SMTP servers: one that offers
 * STARTTLS with a self-signed certificate (`smtpPort`; the SMTP client trusts it through
 * `endpoints.smtpCa`), and one that offers no TLS at all (`plainSmtpPort`) and would take a
 * login in the clear, to show that none is sent. Each HTTP request is checked against the
 * service's published description (specs/), and what it breaks is kept in `violations`.
 * The secret `refused-secret` is refused the way each service refuses a bad one.
 */
export async function startChannelStandIns(options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const received: Received[] = [];
  const violations: string[] = [];
  const logins: SmtpLogin[] = [];
  const whatsapp = whatsAppStandIn({ now, refusedSecret: BAD, violations });
  /** Telegram: flood control to answer, each after letting `after` more calls through. */
  const floodWaits: { after: number; seconds: number }[] = [];

  const server = http.createServer(async (request, response) => {
    const body = await readJson(request);
    const answer = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    const telegram = /^\/telegram\/bot([^/]+)\/sendMessage$/.exec(request.url ?? '');
    if (telegram) {
      violations.push(...checkTelegramCall('sendMessage', body).map((v) => `telegram ${v}`));
      const token = decodeURIComponent(telegram[1]!);
      if (token === BAD) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const flood = floodWaits[0];
      if (flood && flood.after > 0) flood.after -= 1;
      else if (flood) {
        floodWaits.shift();
        return answer(429, {
          ok: false,
          error_code: 429,
          description: `Too Many Requests: retry after ${flood.seconds}`,
          parameters: { retry_after: flood.seconds },
        });
      }
      const text = String(body.text ?? '');
      if (text.length > 4096) {
        return answer(400, { ok: false, error_code: 400, description: 'Bad Request: message is too long' });
      }
      received.push({ service: 'telegram', credential: token, to: String(body.chat_id), text });
      return answer(200, {
        ok: true,
        result: { message_id: received.length, date: 0, chat: { id: Number(body.chat_id), type: 'private' }, text },
      });
    }
    const graph = /^\/whatsapp\/([^/]+)\/(\d+)\/messages$/.exec(request.url ?? '');
    if (graph) {
      const before = whatsapp.sent.length;
      await whatsapp.handle(request, graph, body, answer);
      const message = whatsapp.sent[before];
      if (message) {
        const token = (request.headers.authorization ?? '').replace(/^Bearer\s+/, '');
        received.push({
          service: 'whatsapp',
          credential: `${message.phoneNumberId}:${token}`,
          to: message.to,
          text: message.text,
          template: message.template,
        });
      }
      return;
    }
    answer(404, { error: { message: 'unknown path' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const mailOptions = (name: 'tls' | 'plain'): SMTPServerOptions => ({
    authOptional: true,
    onAuth(auth, session, callback) {
      logins.push({ user: auth.username ?? '', password: auth.password ?? '', secure: session.secure, server: name });
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
  const tlsSmtp = await listenSmtp({ ...mailOptions('tls'), key: SMTP_STAND_IN_KEY, cert: SMTP_STAND_IN_CERT });
  // No STARTTLS, and a login in the clear is taken: a client that sends one shows up in `logins`.
  const plainSmtp = await listenSmtp({
    ...mailOptions('plain'),
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
  });

  // The outgoing guard is the app's (OUTGOING_ALLOW_HOSTS): tests allow the stand-ins' loopback there.
  const endpoints: Omit<ChannelEndpoints, 'outgoing'> = {
    telegramApiRoot: `${base}/telegram`,
    whatsappApiRoot: `${base}/whatsapp`,
    whatsappApiVersion: 'v26.0',
    smtpCa: SMTP_STAND_IN_CERT,
  };
  return {
    received,
    violations,
    logins,
    whatsapp,
    refusedSecret: BAD,
    endpoints,
    /** STARTTLS with the self-signed certificate. */
    smtpPort: tlsSmtp.port,
    /** No TLS offered. */
    plainSmtpPort: plainSmtp.port,
    /** Telegram lets `after` sendMessage calls through, then answers one with 429 and `retry_after: seconds`. */
    floodTelegram(seconds: number, after = 0) {
      floodWaits.push({ after, seconds });
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => tlsSmtp.server.close(() => resolve()));
      await new Promise<void>((resolve) => plainSmtp.server.close(() => resolve()));
    },
  };
}
