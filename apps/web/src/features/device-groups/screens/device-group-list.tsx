import { PlusOutlined } from '@ant-design/icons';
import { api, type TDeviceGroup } from '@vitrina/contract';
import { Button, Card, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OrganizationFilter, SearchFilter } from '../../../components/list-filters';
import { useOrganizationColumn } from '../../../components/organization-column';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { RowActions } from '../../../components/row-actions';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { formatWeekday } from '../../../lib/format';
import { sortOf, sortOrderOf, useListQuery } from '../../../lib/list-query';
import { getMessage } from '../../../lib/notify';
import { useCan } from '../../../lib/permissions';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { useLocale } from '../../../lib/use-locale';
import { DeviceGroupFormDrawer } from '../components/device-group-form-drawer';

const MAX_SHOWN_DEVICES = 4;

export default function DeviceGroupListScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const can = useCan();
  const organizations = useOrganizationOptions();
  const { query, update, hasFilters, result } = useListQuery(api.deviceGroup.list);
  const remove = useEndpointMutation(api.deviceGroup.delete);
  const [editing, setEditing] = useState<TDeviceGroup | 'new' | null>(null);
  const canEdit = (orgId: number) =>
    can('edit_devices') && organizations.data?.items.find((org) => org.id === orgId)?.access_level === 2;
  const canCreate = can('edit_devices') && (organizations.data?.items.some((org) => org.access_level === 2) ?? false);

  const columns: ColumnsType<TDeviceGroup> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('fields.name'),
      sorter: true,
      sortOrder: sortOrderOf(query.sort, 'name'),
      render: (name: string) => <strong style={{ fontWeight: 500 }}>{name}</strong>,
    },
    { key: 'type', title: t('device_groups.type'), render: (_, group) => group.type || '—' },
    { key: 'address', title: t('device_groups.address'), render: (_, group) => group.address || '—' },
    {
      key: 'devices',
      title: t('device_groups.devices'),
      render: (_, group) => (
        <div style={{ maxWidth: 420, display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          {group.devices.slice(0, MAX_SHOWN_DEVICES).map((device) => (
            <Tag key={device.id} style={{ marginInlineEnd: 0 }}>
              <Link to={`/device/${device.id}`}>{device.name}</Link>
            </Tag>
          ))}
          {group.devices.length > MAX_SHOWN_DEVICES && (
            <Tag style={{ marginInlineEnd: 0 }}>
              {t('device_groups.more', { count: group.devices.length - MAX_SHOWN_DEVICES })}
            </Tag>
          )}
          {group.devices.length === 0 && <span className="muted">—</span>}
        </div>
      ),
    },
    {
      key: 'couriers',
      title: t('device_groups.route'),
      render: (_, group) =>
        group.couriers.length === 0 ? (
          <span className="muted">{t('device_groups.no_couriers')}</span>
        ) : (
          <>
            <div>{group.couriers.map((courier) => courier.name).join(', ')}</div>
            <div className="muted">
              {group.route_days.length === 7
                ? t('device_groups.every_day')
                : group.route_days.map((day) => formatWeekday(day, locale)).join(' ')}
            </div>
          </>
        ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 96,
      render: (_, group) =>
        canEdit(group.org_id) && (
          <RowActions
            edit={{ label: t('device_groups.edit', { name: group.name }), onClick: () => setEditing(group) }}
            remove={{
              label: t('device_groups.delete', { name: group.name }),
              confirm: t('device_groups.delete_confirm', { name: group.name }),
              onConfirm: () =>
                remove.mutate(
                  { params: { id: group.id } },
                  { onSuccess: () => getMessage().success(t('common.deleted')) },
                ),
            }}
          />
        ),
    },
  ];
  const shownColumns = useOrganizationColumn(columns, result.data?.items);

  return (
    <>
      <PageHeader
        title={t('menu.device_groups')}
        extra={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('device_groups.new_group')}
            </Button>
          )
        }
      />
      <Card variant="borderless" className="panel-card">
        <div className="list-filters">
          <SearchFilter label={t('device_groups.search')} value={query.q} onSearch={(q) => update({ q })} />
          <OrganizationFilter value={query.org_id} onChange={(orgId) => update({ org_id: orgId })} />
        </div>
        <PagedTable<TDeviceGroup>
          rowKey="id"
          columns={shownColumns}
          result={result}
          page={query.page}
          perPage={query.per_page}
          emptyText={t('device_groups.empty')}
          hasFilters={hasFilters}
          onPageChange={update}
          onSortChange={(sorter) => update({ sort: sortOf(sorter), page: undefined })}
        />
      </Card>
      <DeviceGroupFormDrawer group={editing} onClose={() => setEditing(null)} />
    </>
  );
}
