import type { Db } from '../db/client.js';
import type { Mailer } from './mailer.js';
import type { FileStorage } from './storage.js';

/** What services need from the running server, whoever calls them (HTTP, device, job, webhook). */
export type ServiceContext = { db: Db; mailer: Mailer; storage: FileStorage; publicUrl: string };
