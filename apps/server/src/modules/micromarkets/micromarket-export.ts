import { LIST_EXPORT_MAX_ROWS, type TMicromarket, type ZListMicromarketsQuery } from '@vitrina/contract';
import type { z } from 'zod';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { type ExportColumn, exportList, type FileAnswer, timestampCell } from '../../lib/table-export.js';
import * as repo from './micromarkets.repository.js';
import { micromarketFilters } from './micromarkets.service.js';

type ExportQuery = Omit<z.output<typeof ZListMicromarketsQuery>, 'page' | 'per_page'> & { format: 'csv' | 'xlsx' };

/** Stable snake_case headings and the contract's codes, so a spreadsheet reads the same in any language. */
const COLUMNS: readonly ExportColumn<TMicromarket>[] = [
  { header: 'id', value: (row) => row.id, width: 8 },
  { header: 'org_id', value: (row) => row.org_id, width: 8 },
  { header: 'name', value: (row) => row.name, width: 28 },
  { header: 'serial_number', value: (row) => row.serial_number, width: 16 },
  { header: 'address', value: (row) => row.address, width: 32 },
  { header: 'active', value: (row) => (row.active ? 'yes' : 'no'), width: 8 },
  { header: 'connection', value: (row) => row.connection, width: 10 },
  { header: 'last_activity_at', value: (row) => timestampCell(row.last_activity_at), width: 18 },
  { header: 'temperature', value: (row) => row.temperature, width: 10 },
  { header: 'temperature_state', value: (row) => row.temperature_state, width: 12 },
  { header: 'door', value: (row) => row.door, width: 8 },
  { header: 'locked', value: (row) => (row.locked ? 'yes' : 'no'), width: 8 },
  { header: 'on_maintenance', value: (row) => (row.on_maintenance ? 'yes' : 'no'), width: 8 },
  { header: 'latitude', value: (row) => row.latitude, width: 10 },
  { header: 'longitude', value: (row) => row.longitude, width: 10 },
  { header: 'created_at', value: (row) => timestampCell(row.created_at), width: 18 },
];

/** The micromarket list as it is filtered and sorted on screen, as CSV or XLSX. */
export async function exportMicromarkets(
  ctx: ServiceContext,
  actor: UserActor,
  query: ExportQuery,
): Promise<FileAnswer> {
  const { format, sort, ...filters } = query;
  const now = ctx.clock.now();
  const rows = await repo.listMicromarkets(
    ctx.db,
    micromarketFilters(actor, filters),
    { limit: LIST_EXPORT_MAX_ROWS, offset: 0 },
    sort,
    now,
  );
  return exportList({ list: 'micromarkets', format, columns: COLUMNS, rows, now });
}
