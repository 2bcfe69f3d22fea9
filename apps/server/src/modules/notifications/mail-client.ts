import { translate } from '@vitrina/contract';
import nodemailer from 'nodemailer';
import { OutgoingRefusedError } from '../../lib/outgoing-address.js';
import {
  type ChannelEndpoints,
  type ChannelMessage,
  type ChannelTarget,
  refused,
  type SendOutcome,
} from './channel-types.js';

const TIMEOUT_MS = 10_000;

/**
 * A mail through the organisation's SMTP server (Nodemailer). `secure` is TLS from the first
 * byte (port 465); otherwise the connection must be upgraded with STARTTLS before anything is
 * said: `requireTLS` makes Nodemailer refuse a server that offers no STARTTLS instead of
 * going on in the clear, so the password (and a sign-in code in the mail) never crosses the
 * network unencrypted. The certificate is checked against the system's authorities (or the
 * endpoints' `smtpCa`).
 *
 * The host is the organisation's: the outgoing guard resolves it and refuses this server's own
 * networks, and the connection goes to the address it checked (the name only to TLS). What went
 * wrong, refused or failed, goes to the server log; the caller gets one text for all of it, so a
 * channel's test cannot tell which ports of which hosts answer.
 */
export async function sendMail(
  endpoints: ChannelEndpoints,
  target: ChannelTarget,
  message: ChannelMessage,
): Promise<SendOutcome> {
  const { host, port } = target.settings;
  try {
    const pinned = await endpoints.outgoing.check(host ?? '');
    await send(endpoints, target, message, pinned);
    return { ok: true, providerMessageId: null, parts: 1 };
  } catch (error) {
    endpoints.outgoing.report({ host: host ?? '', port, error });
    return refused(MAIL_FAILED, {
      permanent: error instanceof OutgoingRefusedError,
      messageKey: 'channel.mail_failed',
    });
  }
}

/** What a mail's failure is recorded as (the delivery log), whatever it was. */
const MAIL_FAILED = translate('channel.mail_failed', 'en');

async function send(
  endpoints: ChannelEndpoints,
  target: ChannelTarget,
  message: ChannelMessage,
  pinned: { address: string; servername: string | null },
): Promise<void> {
  const { port, secure, username, from_address: from } = target.settings;
  const transport = nodemailer.createTransport({
    host: pinned.address,
    ...(pinned.servername ? { servername: pinned.servername } : {}),
    port: port ?? undefined,
    secure: secure ?? false,
    requireTLS: !secure,
    tls: { minVersion: 'TLSv1.2', ...(endpoints.smtpCa ? { ca: [endpoints.smtpCa] } : {}) },
    auth: username ? { user: username, pass: target.secret } : undefined,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  try {
    await transport.sendMail({
      from: from ?? undefined,
      to: message.recipient,
      subject: message.subject,
      text: message.text,
      ...(message.attachments ? { attachments: message.attachments } : {}),
    });
  } finally {
    transport.close();
  }
}
