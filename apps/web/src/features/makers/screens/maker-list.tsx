import { PlusOutlined } from '@ant-design/icons';
import type { TMaker } from '@vitrina/contract';
import { Button, Card } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrganizationFilter, SearchFilter } from '../../../components/list-filters';
import { useOrganizationColumn } from '../../../components/organization-column';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { useIsMobile } from '../../../components/use-is-mobile';
import { getMessage } from '../../../lib/notify';
import { useCan } from '../../../lib/permissions';
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
  const remove = useDeleteMaker();
  const [editing, setEditing] = useState<TMaker | 'new' | null>(null);
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

  const shownColumns = useOrganizationColumn(columns, makers.data?.items);

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
          <SearchFilter label={t('makers.search')} value={query.q} onSearch={(q) => update({ q })} />
          <OrganizationFilter value={query.org_id} onChange={(orgId) => update({ org_id: orgId })} />
        </div>
        <PagedTable<TMaker>
          rowKey="id"
          columns={shownColumns}
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
