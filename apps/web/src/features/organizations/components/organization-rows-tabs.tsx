import { api, type TMicromarket, type TUserListItem } from '@vitrina/contract';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useEndpoint } from '../../../lib/endpoint-query';

const PER_PAGE = 20;

/** The organisation's employees, from the users list filtered to it (links open the full list). */
export function OrganizationUsersTab({ orgId }: { orgId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const users = useEndpoint(api.user.list, {
    query: { org_id: orgId, user_type: 2, page, per_page: PER_PAGE },
  });
  if (users.isError) return <LoadError onRetry={() => users.refetch()} />;
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
    <>
      <Table<TUserListItem>
        rowKey="id"
        size="small"
        loading={users.isPending}
        columns={columns}
        dataSource={users.data?.items}
        pagination={{
          current: page,
          pageSize: PER_PAGE,
          total: users.data?.total,
          onChange: setPage,
          showSizeChanger: false,
        }}
        locale={{ emptyText: t('organizations.no_users') }}
      />
      <Link to={`/user/list?org_id=${orgId}`}>{t('organizations.open_users')}</Link>
    </>
  );
}

/** The organisation's micromarkets, from the devices list filtered to it. */
export function OrganizationMicromarketsTab({ orgId }: { orgId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const devices = useEndpoint(api.device.list, {
    query: { org_id: orgId, page, per_page: PER_PAGE },
  });
  if (devices.isError) return <LoadError onRetry={() => devices.refetch()} />;
  const columns: ColumnsType<TMicromarket> = [
    {
      key: 'name',
      title: t('fields.name'),
      render: (_, item) => <Link to={`/device/${item.id}`}>{item.name}</Link>,
    },
    {
      key: 'address',
      title: t('organizations.fields.address'),
      responsive: ['sm'],
      render: (_, item) => item.address ?? '—',
    },
    { key: 'serial', title: t('organizations.serial'), render: (_, item) => item.serial_number },
  ];
  return (
    <>
      <Table<TMicromarket>
        rowKey="id"
        size="small"
        loading={devices.isPending}
        columns={columns}
        dataSource={devices.data?.items}
        pagination={{
          current: page,
          pageSize: PER_PAGE,
          total: devices.data?.total,
          onChange: setPage,
          showSizeChanger: false,
        }}
        locale={{ emptyText: t('organizations.no_micromarkets') }}
      />
      <Link to={`/device/list?org_id=${orgId}`}>{t('organizations.open_micromarkets')}</Link>
    </>
  );
}
