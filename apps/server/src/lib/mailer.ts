import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';

/** `orgId`: the organisation the mail is on behalf of, whose own Mail channel sends it when it has one. */
export type Mail = { to: string; subject: string; body: string; orgId?: number };

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The default mailer: every message goes to the log and to the outbox table, so flows work with no mail server. */
export function createOutboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      await db.insert(mailOutbox).values({ toAddress: mail.to, subject: mail.subject, body: mail.body });
      log.info({ mail: { to: mail.to, subject: mail.subject } }, 'mail queued to outbox');
    },
  };
}
