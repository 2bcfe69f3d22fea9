import type { TLiveEvent } from '@vitrina/contract';
import type { Db } from '../db/client.js';
import type { Mailer } from './mailer.js';
import type { FileStorage } from './storage.js';

/** Where services announce changes for the panel's live updates (the live module's bus). */
export type LivePublisher = { publish(event: TLiveEvent): void };

/** What services need from the running server, whoever calls them (HTTP, device, job, webhook). */
export type ServiceContext = { db: Db; mailer: Mailer; storage: FileStorage; publicUrl: string; live: LivePublisher };
