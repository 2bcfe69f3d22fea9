import nodemailer from 'nodemailer';
import type { ChannelEndpoints, ChannelMessage, ChannelTarget, SendOutcome } from './channel-types.js';

const TIMEOUT_MS = 10_000;

/**
 * A mail through the organisation's SMTP server (Nodemailer). `secure` is TLS from the first
 * byte (port 465); otherwise the connection must be upgraded with STARTTLS before anything is
 * said: `requireTLS` makes Nodemailer refuse a server that offers no STARTTLS instead of
 * going on in the clear, so the password (and a sign-in code in the mail) never crosses the
 * network unencrypted. The certificate is checked against the system's authorities (or the
 * endpoints' `smtpCa`).
 */
export async function sendMail(
  endpoints: ChannelEndpoints,
  target: ChannelTarget,
  message: ChannelMessage,
): Promise<SendOutcome> {
  const { host, port, secure, username, from_address: from } = target.settings;
  const transport = nodemailer.createTransport({
    host: host ?? undefined,
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
    return { ok: true, providerMessageId: null, parts: 1 };
  } finally {
    transport.close();
  }
}
