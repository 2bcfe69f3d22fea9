import { type api, type EndpointQuery, LIST_EXPORT_MAX_ROWS, type TTag } from '@vitrina/contract';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { type ExportColumn, exportList, type FileAnswer, timestampCell } from '../../lib/table-export.js';
import * as repo from './tags.repository.js';
import { tagFilters } from './tags.service.js';

/** Stable snake_case headings and the contract's status codes, so a spreadsheet reads the same in any language. */
const COLUMNS: readonly ExportColumn<TTag>[] = [
  { header: 'id', value: (row) => row.id, width: 10 },
  { header: 'org_id', value: (row) => row.org_id, width: 8 },
  { header: 'code', value: (row) => row.code, width: 26 },
  { header: 'status', value: (row) => row.status, width: 12 },
  { header: 'product_id', value: (row) => row.product_id, width: 10 },
  { header: 'product', value: (row) => row.product_name, width: 28 },
  { header: 'batch_id', value: (row) => row.batch_id, width: 10 },
  { header: 'micromarket_id', value: (row) => row.micromarket_id, width: 10 },
  { header: 'micromarket', value: (row) => row.micromarket_name, width: 24 },
  { header: 'store_up_to', value: (row) => timestampCell(row.store_up_to), width: 18 },
  { header: 'sold_at', value: (row) => timestampCell(row.sold_at), width: 18 },
  { header: 'removed_at', value: (row) => timestampCell(row.removed_at), width: 18 },
  { header: 'written_off_at', value: (row) => timestampCell(row.written_off_at), width: 18 },
  { header: 'reason', value: (row) => row.reason, width: 28 },
  { header: 'created_at', value: (row) => timestampCell(row.created_at), width: 18 },
];

/** The tags of the filters and status tab on screen, newest first (every page, not only those loaded), as CSV or XLSX. */
export async function exportTags(
  ctx: ServiceContext,
  actor: UserActor,
  query: EndpointQuery<typeof api.tag.export>,
): Promise<FileAnswer> {
  const { format, status, ...filters } = query;
  const rows = await repo.listTags(ctx.db, tagFilters(ctx, actor, filters), {
    status,
    afterId: null,
    limit: LIST_EXPORT_MAX_ROWS,
  });
  return exportList({ list: 'tags', format, columns: COLUMNS, rows, now: ctx.clock.now() });
}
