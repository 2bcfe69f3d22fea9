import { LIST_EXPORT_MAX_ROWS, type TProduct, type ZListProductsQuery } from '@vitrina/contract';
import type { z } from 'zod';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { type ExportColumn, exportList, type FileAnswer, timestampCell } from '../../lib/table-export.js';
import * as repo from './products.repository.js';

type ExportQuery = Omit<z.output<typeof ZListProductsQuery>, 'page' | 'per_page'> & { format: 'csv' | 'xlsx' };

/** Prices in major units beside their currency (an organisation's own), never mixed in one column's total. */
const COLUMNS: readonly ExportColumn<TProduct>[] = [
  { header: 'id', value: (row) => row.id, width: 8 },
  { header: 'org_id', value: (row) => row.org_id, width: 8 },
  { header: 'name', value: (row) => row.name, width: 28 },
  { header: 'article', value: (row) => row.article, width: 14 },
  { header: 'barcode', value: (row) => row.barcode, width: 16 },
  { header: 'category', value: (row) => row.category_path.map((item) => item.name).join(' / '), width: 24 },
  { header: 'maker', value: (row) => row.maker_name, width: 18 },
  { header: 'currency', value: (row) => row.currency, width: 8 },
  { header: 'base_cost', value: (row) => row.base_cost / 100, width: 10 },
  { header: 'sell_cost', value: (row) => row.sell_cost / 100, width: 10 },
  { header: 'status', value: (row) => row.status, width: 10 },
  { header: 'storage_period_hours', value: (row) => row.storage_period_hours, width: 10 },
  { header: 'purchase_limit', value: (row) => row.purchase_limit, width: 8 },
  { header: 'rating', value: (row) => row.rating, width: 8 },
  { header: 'created_at', value: (row) => timestampCell(row.created_at), width: 18 },
];

/** The product list as it is filtered and sorted on screen, as CSV or XLSX. */
export async function exportProducts(ctx: ServiceContext, actor: UserActor, query: ExportQuery): Promise<FileAnswer> {
  const { format, sort, ...filters } = query;
  if (filters.org_id !== undefined) actor.scope.assertVisible(filters.org_id);
  const page = await repo.listProductPage(
    ctx.db,
    { ...filters, orgIds: actor.scope.visibleIds },
    { limit: LIST_EXPORT_MAX_ROWS, offset: 0 },
    sort,
  );
  return exportList({ list: 'products', format, columns: COLUMNS, rows: page.items, now: ctx.clock.now() });
}
