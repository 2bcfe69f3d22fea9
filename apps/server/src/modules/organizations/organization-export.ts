import { type api, type EndpointQuery, LIST_EXPORT_MAX_ROWS } from '@vitrina/contract';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { type ExportColumn, exportList, type FileAnswer, timestampCell } from '../../lib/table-export.js';
import * as repo from './organizations.repository.js';
import { organizationFilters } from './organizations.service.js';

/** Stable snake_case headings; the subscription price in major units beside the organisation's currency. */
const COLUMNS: readonly ExportColumn<repo.OrganizationRow>[] = [
  { header: 'id', value: (row) => row.id, width: 8 },
  { header: 'name', value: (row) => row.name, width: 28 },
  { header: 'type', value: (row) => row.type, width: 6 },
  { header: 'parent_id', value: (row) => row.parent_id, width: 8 },
  { header: 'parent', value: (row) => row.parent_name, width: 28 },
  { header: 'active', value: (row) => (row.active ? 'yes' : 'no'), width: 8 },
  { header: 'fiscal_number', value: (row) => row.fiscal_number, width: 14 },
  { header: 'currency', value: (row) => row.currency, width: 8 },
  { header: 'subscription_price', value: (row) => row.subscription_price / 100, width: 10 },
  { header: 'time_zone', value: (row) => row.time_zone, width: 18 },
  { header: 'contact_name', value: (row) => row.contact_name, width: 22 },
  { header: 'contact_phone', value: (row) => row.contact_phone, width: 16 },
  { header: 'contact_email', value: (row) => row.contact_email, width: 24 },
  { header: 'address', value: (row) => row.address, width: 32 },
  { header: 'users_count', value: (row) => row.users_count, width: 8 },
  { header: 'micromarkets_count', value: (row) => row.micromarkets_count, width: 8 },
  { header: 'created_at', value: (row) => timestampCell(row.created_at), width: 18 },
];

/** The organisations the caller sees, as the list filters and orders them, as CSV or XLSX. */
export async function exportOrganizations(
  ctx: ServiceContext,
  actor: UserActor,
  query: EndpointQuery<typeof api.organization.export>,
): Promise<FileAnswer> {
  const { format, ...filters } = query;
  const rows = await repo.listOrganizations(ctx.db, organizationFilters(actor, filters), {
    limit: LIST_EXPORT_MAX_ROWS,
    offset: 0,
  });
  return exportList({ list: 'organizations', format, columns: COLUMNS, rows, now: ctx.clock.now() });
}
