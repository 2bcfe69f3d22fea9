import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, type EndpointQuery, PAGE_SIZE_MAX, type TTag } from '@vitrina/contract';
import { Button, Card, Empty, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../../components/export-menu';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { callEndpoint } from '../../../lib/api-client';
import { endpointKey, useEndpoint } from '../../../lib/endpoint-query';
import { useListUrl } from '../../../lib/list-query';
import { useCan } from '../../../lib/permissions';
import { buildTagColumns } from '../components/tag-columns';
import { TagFilters } from '../components/tag-filters';
import { type TagMove, TagReasonModal } from '../components/tag-reason-modal';
import { TagStatusTabs } from '../components/tag-status-tabs';

/** The status is a tab, not a filter: resetting the filters keeps it. */
const TAB = ['status'] as const;

/** The tab counts take the filters alone: no tab, no paging. */
function countsQueryOf(query: EndpointQuery<typeof api.tag.list>): EndpointQuery<typeof api.tag.counts> {
  const { product_id, micromarket_id, batch_id, org_id, from, to, expiry, q } = query;
  return { product_id, micromarket_id, batch_id, org_id, from, to, expiry, q };
}

export default function TagListScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const { query, update, reset, hasFilters } = useListUrl(api.tag.list, { notFilters: TAB });
  const status = query.status ?? 'new';
  const filters = useMemo(() => countsQueryOf(query), [query]);
  const listQuery = useMemo(() => ({ ...filters, status, per_page: PAGE_SIZE_MAX }), [filters, status]);
  // Tags are the largest table and page by cursor: each "Load more" asks for the next slice.
  const tags = useInfiniteQuery({
    queryKey: [...endpointKey(api.tag.list, { query: listQuery }), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(api.tag.list, { query: { ...listQuery, cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const counts = useEndpoint(api.tag.counts, { query: filters }, { placeholderData: keepPreviousData });
  const [selected, setSelected] = useState<number[]>([]);
  const [action, setAction] = useState<TagMove | null>(null);
  const canManage = can('manage_tags');
  const columns = useMemo(() => buildTagColumns({ t }), [t]);
  const rows = useMemo(() => tags.data?.pages.flatMap((page) => page.items) ?? [], [tags.data]);

  return (
    <>
      <PageHeader
        title={t('menu.tags')}
        extra={<ExportMenu endpoint={api.tag.export} query={{ ...filters, status }} name="tags" />}
      />
      <Card variant="borderless" className="panel-card">
        <TagFilters filters={query} update={update} reset={reset} hasFilters={hasFilters} />
        <TagStatusTabs
          status={status}
          counts={counts.data?.counts}
          onChange={(status) => {
            setSelected([]);
            update({ status });
          }}
        />
        {canManage && selected.length > 0 && (
          <div className="bulk-bar" role="toolbar" aria-label={t('tags.bulk_actions')}>
            <span>{t('tags.selected', { count: selected.length })}</span>
            <Button danger onClick={() => setAction('write-off')}>
              {t('tags.actions.write-off')}
            </Button>
            <Button onClick={() => setAction('remove')}>{t('tags.actions.remove')}</Button>
            <Button type="link" onClick={() => setSelected([])}>
              {t('tags.clear_selection')}
            </Button>
          </div>
        )}
        {tags.isError ? (
          <LoadError onRetry={() => tags.refetch()} />
        ) : (
          <>
            <Table<TTag>
              rowKey="id"
              columns={columns}
              dataSource={rows}
              loading={tags.isFetching && !tags.isFetchingNextPage}
              className="data-table"
              scroll={{ x: 'max-content' }}
              pagination={false}
              rowSelection={
                canManage
                  ? {
                      selectedRowKeys: selected,
                      onChange: (keys) => setSelected(keys.map(Number)),
                      getTitleCheckboxProps: () => ({ 'aria-label': t('tags.select_all') }),
                      getCheckboxProps: (tag) => ({ 'aria-label': t('tags.select', { code: tag.code }) }),
                    }
                  : undefined
              }
              locale={{
                emptyText: tags.isPending ? (
                  ' '
                ) : (
                  <Empty description={hasFilters ? t('common.nothing_found') : t('tags.empty')} />
                ),
              }}
            />
            <div className="load-more">
              <span className="muted">{t('tags.shown', { count: rows.length })}</span>
              {tags.hasNextPage && (
                <Button onClick={() => tags.fetchNextPage()} loading={tags.isFetchingNextPage}>
                  {t('tags.load_more')}
                </Button>
              )}
            </div>
          </>
        )}
      </Card>
      <TagReasonModal
        action={action}
        ids={selected}
        onClose={() => setAction(null)}
        onDone={() => {
          setAction(null);
          setSelected([]);
        }}
      />
    </>
  );
}
