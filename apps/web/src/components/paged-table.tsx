import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { LoadError } from './load-error';

type Props<Row> = Omit<TableProps<Row>, 'dataSource' | 'loading' | 'pagination' | 'onChange' | 'locale'> & {
  /** A list call answering `{ items, total }`, paged on the server. */
  result: UseQueryResult<{ items: Row[]; total: number }>;
  page: number;
  perPage: number;
  /** What an empty list says when no filter is set; with filters it says nothing was found. */
  emptyText: string;
  hasFilters: boolean;
  onPageChange: (change: { page: number | undefined; per_page: number | undefined }) => void;
  /** Called instead of onPageChange when a column's sort is clicked. */
  onSortChange?: (sorter: SorterResult<Row>) => void;
};

/** The panel's server-paged table: loading, empty and error states, page sizes and totals. */
export function PagedTable<Row extends object>(props: Props<Row>) {
  const { result, page, perPage, emptyText, hasFilters, onPageChange, onSortChange, ...table } = props;
  const { t } = useTranslation();
  if (result.isError) return <LoadError onRetry={() => result.refetch()} />;
  return (
    <Table<Row>
      className="data-table"
      scroll={{ x: 'max-content' }}
      {...table}
      dataSource={result.data?.items}
      loading={result.isFetching}
      locale={{
        emptyText: result.isPending ? ' ' : <Empty description={hasFilters ? t('common.nothing_found') : emptyText} />,
      }}
      pagination={{
        current: page,
        pageSize: perPage,
        total: result.data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (total) => t('common.total', { count: total }),
      }}
      onChange={(pagination, _filters, sorter, extra) => {
        if (extra.action === 'sort' && onSortChange) {
          onSortChange(Array.isArray(sorter) ? (sorter[0] ?? {}) : sorter);
          return;
        }
        onPageChange({ page: pagination.current, per_page: pagination.pageSize });
      }}
    />
  );
}
