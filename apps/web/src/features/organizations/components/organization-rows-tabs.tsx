import { api, type TMicromarket, type TNotificationChannel, type TUserListItem } from '@vitrina/contract';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useEndpoint } from '../../../lib/endpoint-query';

const PER_PAGE = 20;

type Page<T> = {
  data?: { items: T[]; total: number } | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
};

/** A page of another list's rows in a card tab, with a link to that list for the rest. */
function RowsTab<T extends { id: number }>(props: {
  rows: Page<T>;
  page: number;
  onPage: (page: number) => void;
  columns: ColumnsType<T>;
  emptyText: string;
  more: { to: string; label: string };
}) {
  if (props.rows.isError) return <LoadError onRetry={() => props.rows.refetch()} />;
  return (
    <>
      <Table<T>
        rowKey="id"
        size="small"
        loading={props.rows.isPending}
        columns={props.columns}
        dataSource={props.rows.data?.items}
        pagination={{
          current: props.page,
          pageSize: PER_PAGE,
          total: props.rows.data?.total,
          onChange: props.onPage,
          showSizeChanger: false,
        }}
        locale={{ emptyText: props.emptyText }}
      />
      <Link to={props.more.to}>{props.more.label}</Link>
    </>
  );
}

/** The organisation's employees, from the users list filtered to it. */
export function OrganizationUsersTab({ orgId }: { orgId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const users = useEndpoint(api.user.list, { query: { org_id: orgId, user_type: 2, page, per_page: PER_PAGE } });
  const columns: ColumnsType<TUserListItem> = [
    { key: 'name', title: t('fields.name'), render: (_, user) => user.name },
    {
      key: 'email',
      title: t('organizations.fields.contact_email'),
      responsive: ['sm'],
      render: (_, user) => user.email,
    },
    { key: 'role', title: t('fields.role'), render: (_, user) => user.role_name ?? '—' },
  ];
  return (
    <RowsTab
      rows={users}
      page={page}
      onPage={setPage}
      columns={columns}
      emptyText={t('organizations.no_users')}
      more={{ to: `/user/list?org_id=${orgId}`, label: t('organizations.open_users') }}
    />
  );
}

/** The organisation's micromarkets, from the devices list filtered to it. */
export function OrganizationMicromarketsTab({ orgId }: { orgId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const devices = useEndpoint(api.micromarket.list, { query: { org_id: orgId, page, per_page: PER_PAGE } });
  const columns: ColumnsType<TMicromarket> = [
    { key: 'name', title: t('fields.name'), render: (_, item) => <Link to={`/device/${item.id}`}>{item.name}</Link> },
    {
      key: 'address',
      title: t('organizations.fields.address'),
      responsive: ['sm'],
      render: (_, item) => item.address ?? '—',
    },
    { key: 'serial', title: t('organizations.serial'), render: (_, item) => item.serial_number },
  ];
  return (
    <RowsTab
      rows={devices}
      page={page}
      onPage={setPage}
      columns={columns}
      emptyText={t('organizations.no_micromarkets')}
      more={{ to: `/device/list?org_id=${orgId}`, label: t('organizations.open_micromarkets') }}
    />
  );
}

/** The organisation's notification channels, from the channels list filtered to it. */
export function OrganizationChannelsTab({ orgId }: { orgId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const channels = useEndpoint(api.notificationChannel.list, { query: { org_id: orgId, page, per_page: PER_PAGE } });
  const columns: ColumnsType<TNotificationChannel> = [
    { key: 'name', title: t('fields.name'), render: (_, channel) => channel.name },
    {
      key: 'type',
      title: t('organizations.fields.type'),
      render: (_, channel) => t(`organizations.channel_type.${channel.type}`),
    },
    {
      key: 'status',
      title: t('fields.status'),
      render: (_, channel) =>
        channel.active ? (
          <Tag color="green">{t('organizations.channel_active')}</Tag>
        ) : (
          <Tag>{t('organizations.channel_inactive')}</Tag>
        ),
    },
  ];
  return (
    <RowsTab
      rows={channels}
      page={page}
      onPage={setPage}
      columns={columns}
      emptyText={t('organizations.no_channels')}
      more={{ to: `/notification/system/channel?org_id=${orgId}`, label: t('organizations.open_channels') }}
    />
  );
}
