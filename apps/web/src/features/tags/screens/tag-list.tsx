import type { TTag } from '@vitrina/contract';
import { Button, Card, Empty, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/permissions';
import { useTagCounts } from '../api/get-tag-counts';
import { useTags } from '../api/list-tags';
import type { TagMove } from '../api/move-tags';
import { buildTagColumns } from '../components/tag-columns';
import { TagFilters } from '../components/tag-filters';
import { TagReasonModal } from '../components/tag-reason-modal';
import { TagStatusTabs } from '../components/tag-status-tabs';
import { TAGS_PAGE_SIZE, useTagQuery } from '../components/use-tag-query';

export default function TagListScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const { query, update, reset, hasFilters } = useTagQuery();
  const listQuery = useMemo(
    () => ({ ...query.filters, status: query.status, per_page: TAGS_PAGE_SIZE }),
    [query.filters, query.status],
  );
  const tags = useTags(listQuery);
  const counts = useTagCounts(query.filters);
  const [selected, setSelected] = useState<number[]>([]);
  const [action, setAction] = useState<TagMove | null>(null);
  const canManage = can('manage_tags');
  const columns = useMemo(() => buildTagColumns({ t }), [t]);
  const rows = useMemo(() => tags.data?.pages.flatMap((page) => page.items) ?? [], [tags.data]);

  return (
    <>
      <PageHeader title={t('menu.tags')} />
      <Card variant="borderless" className="panel-card">
        <TagFilters filters={query.filters} update={update} reset={reset} hasFilters={hasFilters} />
        <TagStatusTabs
          status={query.status}
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
