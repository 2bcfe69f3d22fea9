import { type api, type EndpointQuery, LIST_EXPORT_MAX_ROWS, type TCategory } from '@vitrina/contract';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { type ExportColumn, exportList, type FileAnswer, timestampCell } from '../../lib/table-export.js';
import * as repo from './categories.repository.js';
import { categoryFilters } from './categories.service.js';

/** Stable snake_case headings, so a spreadsheet reads the same in any language. */
const COLUMNS: readonly ExportColumn<TCategory>[] = [
  { header: 'id', value: (row) => row.id, width: 8 },
  { header: 'org_id', value: (row) => row.org_id, width: 8 },
  { header: 'parent_id', value: (row) => row.parent_id, width: 8 },
  { header: 'level', value: (row) => row.level, width: 6 },
  { header: 'name', value: (row) => row.name, width: 28 },
  { header: 'position', value: (row) => row.position, width: 8 },
  { header: 'products_count', value: (row) => row.products_count, width: 10 },
  { header: 'children_count', value: (row) => row.children_count, width: 10 },
  { header: 'created_at', value: (row) => timestampCell(row.created_at), width: 18 },
];

/** The categories of the level on screen (its parent, organisation and search), in their order, as CSV or XLSX. */
export async function exportCategories(
  ctx: ServiceContext,
  actor: UserActor,
  query: EndpointQuery<typeof api.category.export>,
): Promise<FileAnswer> {
  const { format, ...filters } = query;
  const rows = await repo.listCategories(ctx.db, await categoryFilters(ctx, actor, filters), LIST_EXPORT_MAX_ROWS);
  return exportList({ list: 'categories', format, columns: COLUMNS, rows, now: ctx.clock.now() });
}
