import { LIST_EXPORT_MAX_ROWS, type TAlert, type ZListAlertsQuery } from '@vitrina/contract';
import type { z } from 'zod';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { type ExportColumn, exportList, type FileAnswer, timestampCell } from '../../lib/table-export.js';
import * as repo from './alerts.repository.js';
import { alertFilters } from './alerts.service.js';

type ExportQuery = Omit<z.output<typeof ZListAlertsQuery>, 'page' | 'per_page'> & { format: 'csv' | 'xlsx' };

/** The §4 type codes and the rule's readings as JSON, so a spreadsheet filters them in any language. */
const COLUMNS: readonly ExportColumn<TAlert>[] = [
  { header: 'id', value: (row) => row.id, width: 8 },
  { header: 'org_id', value: (row) => row.org_id, width: 8 },
  { header: 'micromarket_id', value: (row) => row.micromarket_id, width: 10 },
  { header: 'micromarket', value: (row) => row.micromarket_name, width: 24 },
  { header: 'type', value: (row) => row.type, width: 6 },
  { header: 'status', value: (row) => row.status, width: 12 },
  { header: 'opened_at', value: (row) => timestampCell(row.opened_at), width: 18 },
  { header: 'last_seen_at', value: (row) => timestampCell(row.last_seen_at), width: 18 },
  { header: 'occurrences', value: (row) => row.occurrences, width: 8 },
  { header: 'acknowledged_at', value: (row) => timestampCell(row.acknowledged_at), width: 18 },
  { header: 'acknowledged_by', value: (row) => row.acknowledged_by, width: 18 },
  { header: 'resolved_at', value: (row) => timestampCell(row.resolved_at), width: 18 },
  { header: 'resolved_by', value: (row) => row.resolved_by, width: 18 },
  { header: 'details', value: (row) => JSON.stringify(row.details), width: 40 },
];

/** The alert list as it is filtered and sorted on screen, as CSV or XLSX. */
export async function exportAlerts(ctx: ServiceContext, actor: UserActor, query: ExportQuery): Promise<FileAnswer> {
  const { format, sort, ...filters } = query;
  const rows = await repo.listAlerts(
    ctx.db,
    alertFilters(actor, filters),
    { limit: LIST_EXPORT_MAX_ROWS, offset: 0 },
    sort,
  );
  return exportList({ list: 'alerts', format, columns: COLUMNS, rows, now: ctx.clock.now() });
}
