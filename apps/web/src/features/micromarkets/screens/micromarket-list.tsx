import { PlusOutlined } from '@ant-design/icons';
import { api, type TCreatedMicromarket, type TMicromarket } from '@vitrina/contract';
import { Button, Card, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ExportMenu } from '../../../components/export-menu';
import { useOrganizationColumn } from '../../../components/organization-column';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { useIsMobile } from '../../../components/use-is-mobile';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { sortOf, useListQuery } from '../../../lib/list-query';
import { useLiveRefetch } from '../../../lib/live';
import { getMessage } from '../../../lib/notify';
import { useCan } from '../../../lib/permissions';
import { CopySettingsModal } from '../components/copy-settings-modal';
import { FleetMapSection } from '../components/fleet-map-section';
import { buildMicromarketColumns, ROW_TAB_ACTIONS, type RowAction } from '../components/micromarket-columns';
import { MicromarketFilters } from '../components/micromarket-filters';
import { MicromarketFormDrawer } from '../components/micromarket-form-drawer';
import { TokenModal } from '../components/token-modal';
import { useOrganizationAccess } from '../components/use-organization';

export default function MicromarketListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const { query, update, reset, hasFilters, result } = useListQuery(api.micromarket.list);
  const remove = useEndpointMutation(api.micromarket.delete, { alsoInvalidates: ['device-groups', 'dashboard'] });
  const { canEdit, canEditAny } = useOrganizationAccess();
  const can = useCan();
  const canSeeTags = can('show_products_tag_page');
  const canSeeOrders = can('show_products_order_page');
  const [editing, setEditing] = useState<TMicromarket | 'new' | null>(null);
  const [copying, setCopying] = useState<TMicromarket | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TMicromarket | null>(null);
  useLiveRefetch('micromarket.state', [api.micromarket.list.tag]);

  const columns = useMemo(() => {
    const onAction = (action: RowAction, item: TMicromarket) => {
      if (action === 'open') navigate(`/device/${item.id}`);
      else if (action === 'edit') setEditing(item);
      else if (action === 'copy') setCopying(item);
      else if (action === 'delete') setDeleting(item);
      else if (action === 'tags') navigate(`/product/tags?micromarket_id=${item.id}&status=in_micromarket`);
      else if (action in ROW_TAB_ACTIONS)
        navigate(`/device/${item.id}?tab=${ROW_TAB_ACTIONS[action as keyof typeof ROW_TAB_ACTIONS]}`);
      else navigate(`/device/${item.id}?tab=${action}`);
    };
    return buildMicromarketColumns({
      t,
      sort: query.sort,
      isCompact: isMobile,
      canEdit: (item) => canEdit(item.org_id),
      canSeeTags,
      canSeeOrders,
      onAction,
    });
  }, [t, query.sort, isMobile, canEdit, canSeeTags, canSeeOrders, navigate]);
  const shownColumns = useOrganizationColumn(columns, result.data?.items);
  const { page: _page, per_page: _perPage, sort: _sort, ...mapFilters } = query;

  return (
    <>
      <PageHeader
        title={t('menu.device_list')}
        extra={
          <>
            <ExportMenu endpoint={api.micromarket.export} query={query} name="micromarkets" />
            {canEditAny && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                {t('devices.new_device')}
              </Button>
            )}
          </>
        }
      />
      <FleetMapSection filters={mapFilters} />
      <Card variant="borderless" className="panel-card">
        <MicromarketFilters query={query} hasFilters={hasFilters} update={update} reset={reset} />
        <PagedTable<TMicromarket>
          rowKey="id"
          // Wider than the card at 1280 px: the header stays under the top bar (56 px) and the
          // horizontal scrollbar at the window's foot, so the later columns are in reach.
          sticky={{ offsetHeader: 56 }}
          columns={shownColumns}
          result={result}
          page={query.page}
          perPage={query.per_page}
          emptyText={t('devices.empty')}
          hasFilters={hasFilters}
          onPageChange={update}
          onSortChange={(sorter) => update({ sort: sortOf(sorter), page: undefined })}
        />
      </Card>
      <MicromarketFormDrawer
        micromarket={editing}
        onClose={() => setEditing(null)}
        onCreated={(created: TCreatedMicromarket) => setToken(created.token)}
      />
      <CopySettingsModal source={copying} onClose={() => setCopying(null)} />
      <TokenModal token={token} onClose={() => setToken(null)} />
      <Modal
        open={deleting !== null}
        title={t('devices.delete_confirm', { name: deleting?.name ?? '' })}
        okText={t('actions.delete')}
        okButtonProps={{ danger: true }}
        cancelText={t('actions.cancel')}
        confirmLoading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onOk={() =>
          deleting &&
          remove.mutate(
            { params: { id: deleting.id } },
            {
              onSuccess: () => getMessage().success(t('common.deleted')),
              onSettled: () => setDeleting(null),
            },
          )
        }
      >
        {t('devices.delete_hint')}
      </Modal>
    </>
  );
}
