import { type api, type EndpointQuery, LIST_EXPORT_MAX_ROWS, type TMaker } from '@vitrina/contract';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { type ExportColumn, exportList, type FileAnswer, timestampCell } from '../../lib/table-export.js';
import * as repo from './makers.repository.js';
import { makerFilters } from './makers.service.js';

/** Stable snake_case headings, so a spreadsheet reads the same in any language. */
const COLUMNS: readonly ExportColumn<TMaker>[] = [
  { header: 'id', value: (row) => row.id, width: 8 },
  { header: 'org_id', value: (row) => row.org_id, width: 8 },
  { header: 'name', value: (row) => row.name, width: 28 },
  { header: 'country', value: (row) => row.country, width: 8 },
  { header: 'contact_person', value: (row) => row.contact_person, width: 22 },
  { header: 'phone', value: (row) => row.phone, width: 16 },
  { header: 'email', value: (row) => row.email, width: 24 },
  { header: 'website', value: (row) => row.website, width: 24 },
  { header: 'products_count', value: (row) => row.products_count, width: 10 },
  { header: 'created_at', value: (row) => timestampCell(row.created_at), width: 18 },
];

/** The maker list as it is filtered and sorted on screen, as CSV or XLSX. */
export async function exportMakers(
  ctx: ServiceContext,
  actor: UserActor,
  query: EndpointQuery<typeof api.maker.export>,
): Promise<FileAnswer> {
  const { format, sort, ...filters } = query;
  const rows = await repo.listMakers(
    ctx.db,
    makerFilters(actor, filters),
    { limit: LIST_EXPORT_MAX_ROWS, offset: 0 },
    sort,
  );
  return exportList({ list: 'makers', format, columns: COLUMNS, rows, now: ctx.clock.now() });
}
