import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, type TTransactionListItem } from '@vitrina/contract';
import { Button, Card, Dropdown, Empty, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useIsMobile } from '../../../components/use-is-mobile';
import { callEndpoint } from '../../../lib/api-client';
import { endpointKey, useEndpoint } from '../../../lib/endpoint-query';
import { useListUrl } from '../../../lib/list-query';
import { useLiveRefetch } from '../../../lib/live';
import { useCan } from '../../../lib/permissions';
import { useExportTransactions } from '../api/export-transactions';
import { useCodeTexts } from '../components/codes';
import { buildTransactionColumns } from '../components/transaction-columns';
import { TransactionFilters } from '../components/transaction-filters';
import { TransactionTotals } from '../components/transaction-totals';
import { useMoney } from '../components/use-money';

export default function TransactionListScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const isMobile = useIsMobile();
  const money = useMoney();
  const codes = useCodeTexts();
  const { query, update, reset, hasFilters } = useListUrl(api.transaction.list);
  const filters = useMemo(() => {
    const { cursor: _cursor, per_page: _perPage, ...rest } = query;
    return rest;
  }, [query]);
  // Sales are a large table and page by cursor: each "Load more" asks for the next slice.
  const sales = useInfiniteQuery({
    queryKey: [...endpointKey(api.transaction.list, { query: filters }), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(api.transaction.list, { query: { ...filters, cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const totals = useEndpoint(api.transaction.totals, { query: filters }, { placeholderData: keepPreviousData });
  const exporter = useExportTransactions();
  // A sale created or settled anywhere in view refreshes the list and its totals.
  useLiveRefetch('transaction', [api.transaction.list.tag]);
  const canPay = can('show_update_transaction_page');
  const columns = useMemo(
    () => buildTransactionColumns({ t, money, codes, canPay, isCompact: isMobile }),
    [t, money, codes, canPay, isMobile],
  );
  const rows = useMemo(() => sales.data?.pages.flatMap((page) => page.items) ?? [], [sales.data]);

  return (
    <>
      <PageHeader
        title={t('menu.transactions')}
        extra={
          <Dropdown
            menu={{
              items: [
                { key: 'csv', label: t('transactions.export_csv') },
                { key: 'xlsx', label: t('transactions.export_xlsx') },
              ],
              onClick: ({ key }) => exporter.mutate({ filters, format: key === 'xlsx' ? 'xlsx' : 'csv' }),
            }}
          >
            <Button icon={<DownloadOutlined />} loading={exporter.isPending}>
              {t('transactions.export')}
            </Button>
          </Dropdown>
        }
      />
      <Card variant="borderless" className="panel-card">
        <TransactionFilters filters={query} update={update} reset={reset} hasFilters={hasFilters} />
        <TransactionTotals totals={totals.data} />
        {sales.isError ? (
          <LoadError onRetry={() => sales.refetch()} />
        ) : (
          <>
            <Table<TTransactionListItem>
              rowKey="id"
              columns={columns}
              dataSource={rows}
              loading={sales.isFetching && !sales.isFetchingNextPage}
              className="data-table"
              scroll={{ x: 'max-content' }}
              pagination={false}
              locale={{
                emptyText: sales.isPending ? (
                  ' '
                ) : (
                  <Empty description={hasFilters ? t('common.nothing_found') : t('transactions.empty')} />
                ),
              }}
            />
            <div className="load-more">
              <span className="muted">{t('transactions.shown', { count: rows.length })}</span>
              {sales.hasNextPage && (
                <Button onClick={() => sales.fetchNextPage()} loading={sales.isFetchingNextPage}>
                  {t('transactions.load_more')}
                </Button>
              )}
            </div>
          </>
        )}
      </Card>
    </>
  );
}
