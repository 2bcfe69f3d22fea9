import { PlusOutlined } from '@ant-design/icons';
import type { TMaker } from '@vitrina/contract';
import { Button, Card, Input, Select } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { useIsMobile } from '../../../components/use-is-mobile';
import { getMessage } from '../../../lib/notify';
import { useCan } from '../../../lib/permissions';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { useDeleteMaker } from '../api/delete-maker';
import { type MakerSort, useMakers } from '../api/list-makers';
import { buildMakerColumns } from '../components/maker-columns';
import { MakerFormDrawer } from '../components/maker-form-drawer';
import { useMakerQuery } from '../components/use-maker-query';

const toSort = (sorter: SorterResult<TMaker>): MakerSort | undefined => {
  if (!sorter.order || typeof sorter.columnKey !== 'string') return undefined;
  return `${sorter.order === 'descend' ? '-' : ''}${sorter.columnKey}` as MakerSort;
};

export default function MakerListScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const isMobile = useIsMobile();
  const { query, update, hasFilters } = useMakerQuery();
  const makers = useMakers(query);
  const organizations = useOrganizationOptions();
  const remove = useDeleteMaker();
  const [editing, setEditing] = useState<TMaker | 'new' | null>(null);
  const [search, setSearch] = useState(query.q ?? '');
  useEffect(() => setSearch(query.q ?? ''), [query.q]);
  const canEdit = can('edit_makers');

  const columns = useMemo(
    () =>
      buildMakerColumns({
        t,
        sort: query.sort,
        canEdit,
        isCompact: isMobile,
        onEdit: setEditing,
        onDelete: (maker) => remove.mutate(maker.id, { onSuccess: () => getMessage().success(t('common.deleted')) }),
      }),
    [t, query.sort, canEdit, isMobile, remove.mutate],
  );

  return (
    <>
      <PageHeader
        title={t('menu.makers')}
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('makers.new_maker')}
            </Button>
          )
        }
      />
      <Card variant="borderless" className="panel-card">
        <div className="list-filters">
          <Input.Search
            aria-label={t('makers.search')}
            placeholder={t('makers.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) => update({ q: value.trim() || undefined })}
            allowClear
            className="list-filters__search"
          />
          {(organizations.data?.items.length ?? 0) > 1 && (
            <Select
              allowClear
              className="list-filters__select"
              aria-label={t('fields.organization')}
              placeholder={t('fields.organization')}
              value={query.org_id}
              onChange={(value?: number) => update({ org_id: value })}
              options={organizations.data?.items.map((org) => ({ value: org.id, label: org.name }))}
              popupMatchSelectWidth={false}
            />
          )}
        </div>
        <PagedTable<TMaker>
          rowKey="id"
          columns={columns}
          result={makers}
          page={query.page}
          perPage={query.per_page}
          emptyText={t('makers.empty')}
          hasFilters={hasFilters}
          onPageChange={update}
          onSortChange={(sorter) => update({ sort: toSort(sorter), page: undefined })}
        />
      </Card>
      <MakerFormDrawer maker={editing} onClose={() => setEditing(null)} />
    </>
  );
}
