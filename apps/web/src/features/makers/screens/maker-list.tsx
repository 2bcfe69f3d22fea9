import { PlusOutlined } from '@ant-design/icons';
import { api, type TMaker } from '@vitrina/contract';
import { Button, Card } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../../components/export-menu';
import { OrganizationFilter, SearchFilter } from '../../../components/list-filters';
import { useOrganizationColumn } from '../../../components/organization-column';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { useIsMobile } from '../../../components/use-is-mobile';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { sortOf, useListQuery } from '../../../lib/list-query';
import { getMessage } from '../../../lib/notify';
import { useCan } from '../../../lib/permissions';
import { buildMakerColumns } from '../components/maker-columns';
import { MakerFormDrawer } from '../components/maker-form-drawer';

export default function MakerListScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const isMobile = useIsMobile();
  const { query, update, hasFilters, result: makers } = useListQuery(api.maker.list);
  const remove = useEndpointMutation(api.maker.delete);
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
        onDelete: (maker) =>
          remove.mutate({ params: { id: maker.id } }, { onSuccess: () => getMessage().success(t('common.deleted')) }),
      }),
    [t, query.sort, canEdit, isMobile, remove.mutate],
  );

  const shownColumns = useOrganizationColumn(columns, makers.data?.items);

  return (
    <>
      <PageHeader
        title={t('menu.makers')}
        extra={
          <>
            <ExportMenu endpoint={api.maker.export} query={query} name="makers" />
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                {t('makers.new_maker')}
              </Button>
            )}
          </>
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
          onSortChange={(sorter) => update({ sort: sortOf(sorter), page: undefined })}
        />
      </Card>
      <MakerFormDrawer maker={editing} onClose={() => setEditing(null)} />
    </>
  );
}
