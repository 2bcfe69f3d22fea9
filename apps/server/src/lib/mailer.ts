import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';

/** A file sent with a mail (a scheduled report's CSV or XLSX). */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };

/**
 * `orgId`: the organisation the mail is on behalf of, whose own Mail channel sends it when it has one.
 * `demoLine`: what the demo prints in the log when the mail only reaches the outbox (a
 * customer's sign-in code), so it can be read without a mail server; never printed otherwise.
 */
export type Mail = {
  to: string;
  subject: string;
  body: string;
  orgId?: number;
  attachments?: MailAttachment[];
  demoLine?: string;
};

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * The default mailer: every message goes to the log and to the outbox table, so flows work with
 * no mail server. With `demo` (the server runs the demo database: `npm start`'s first run) a
 * mail's `demoLine` is printed too; a production server (SEED=off, or a database that is not
 * the demo's) never prints it.
 */
export function createOutboxMailer(db: Db, log: FastifyBaseLogger, options: { demo?: boolean } = {}): Mailer {
  return {
    async send(mail) {
      const attachments = mail.attachments?.map((file) => ({
        filename: file.filename,
        content_type: file.contentType,
        content_base64: file.content.toString('base64'),
      }));
      await db
        .insert(mailOutbox)
        .values({ toAddress: mail.to, subject: mail.subject, body: mail.body, attachments: attachments ?? null });
      log.info({ mail: { to: mail.to, subject: mail.subject } }, 'mail queued to outbox');
      if (options.demo && mail.demoLine) log.info({ mail: { to: mail.to } }, `demo: ${mail.demoLine}`);
    },
  };
}
