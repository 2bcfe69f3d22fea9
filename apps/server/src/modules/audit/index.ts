/** The audit log: every module records its changes here, in the transaction that made them. */
export { type AuditEntry, writeAudit } from './audit.repository.js';
