import type { ColumnsType, ColumnType } from 'antd/es/table/interface';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationOptions } from '../lib/queries/organization-options';

/**
 * Adds an Organization column after the `name` column when the rows come from more than
 * one organisation (a main organisation sees its sub-organisations' rows beside its own),
 * so two "Drinks" or two "Bratislava Bakery" can be told apart.
 */
export function useOrganizationColumn<Row extends { org_id: number }>(
  columns: ColumnsType<Row>,
  rows: readonly Row[] | undefined,
): ColumnsType<Row> {
  const { t } = useTranslation();
  const organizations = useOrganizationOptions();
  return useMemo(() => {
    if (new Set((rows ?? []).map((row) => row.org_id)).size < 2) return columns;
    const names = new Map((organizations.data?.items ?? []).map((org) => [org.id, org.name]));
    const column: ColumnType<Row> = {
      key: 'organization',
      title: t('fields.organization'),
      render: (_, row) => names.get(row.org_id) ?? '',
    };
    const at = columns.findIndex((item) => item.key === 'name');
    return [...columns.slice(0, at + 1), column, ...columns.slice(at + 1)];
  }, [columns, rows, organizations.data, t]);
}
