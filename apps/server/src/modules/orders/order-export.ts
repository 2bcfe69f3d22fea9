import { type api, type EndpointQuery, LIST_EXPORT_MAX_ROWS, type TOrder } from '@vitrina/contract';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { type ExportColumn, exportList, type FileAnswer, timestampCell } from '../../lib/table-export.js';
import { filteredOrders } from './orders.service.js';

/**
 * Stable snake_case headings and the contract's codes (status 0–6, payment mode and state),
 * so a spreadsheet reads the same in any language; the total in major units beside its currency.
 */
const COLUMNS: readonly ExportColumn<TOrder>[] = [
  { header: 'id', value: (row) => row.id, width: 8 },
  { header: 'org_id', value: (row) => row.org_id, width: 8 },
  { header: 'created_at', value: (row) => timestampCell(row.created_at), width: 18 },
  { header: 'status', value: (row) => row.status, width: 6 },
  { header: 'micromarket_id', value: (row) => row.micromarket_id, width: 10 },
  { header: 'micromarket', value: (row) => row.micromarket_name, width: 24 },
  { header: 'customer_id', value: (row) => row.customer_id, width: 10 },
  { header: 'customer', value: (row) => row.customer_name, width: 24 },
  { header: 'customer_phone', value: (row) => row.customer_phone, width: 16 },
  { header: 'courier_id', value: (row) => row.courier_id, width: 10 },
  { header: 'courier', value: (row) => row.courier_name, width: 24 },
  {
    header: 'lines',
    value: (row) => row.lines.map((line) => `${line.quantity} x ${line.product_name}`).join('; '),
    width: 40,
  },
  { header: 'currency', value: (row) => row.currency, width: 8 },
  { header: 'total', value: (row) => row.total_minor / 100, width: 10 },
  { header: 'payment_mode', value: (row) => row.payment_mode, width: 10 },
  { header: 'payment_state', value: (row) => row.payment_state, width: 10 },
  { header: 'note', value: (row) => row.note, width: 28 },
  { header: 'updated_at', value: (row) => timestampCell(row.updated_at), width: 18 },
];

/** The order list as it is filtered on screen, newest first, as CSV or XLSX. */
export async function exportOrders(
  ctx: ServiceContext,
  actor: UserActor,
  query: EndpointQuery<typeof api.order.export>,
): Promise<FileAnswer> {
  const { format, ...filters } = query;
  const { items } = await filteredOrders(ctx, actor, filters, { limit: LIST_EXPORT_MAX_ROWS, offset: 0 });
  return exportList({ list: 'orders', format, columns: COLUMNS, rows: items, now: ctx.clock.now() });
}
