import { PlusOutlined } from '@ant-design/icons';
import { api, type TRole } from '@vitrina/contract';
import { Button, Card, Empty, Result, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useIsMobile } from '../../../components/use-is-mobile';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { getMessage } from '../../../lib/notify';
import { useCan } from '../../../lib/permissions';
import { buildRoleColumns } from '../components/role-columns';
import { RoleFormDrawer } from '../components/role-form-drawer';

export default function RoleListScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const roles = useEndpoint(api.role.list, undefined);
  const remove = useEndpointMutation(api.role.delete);
  const [editing, setEditing] = useState<TRole | 'new' | null>(null);
  const canEdit = can('edit_roles');
  const isMobile = useIsMobile();

  const columns = useMemo(
    () =>
      buildRoleColumns({
        t,
        canEdit,
        isCompact: isMobile,
        onEdit: setEditing,
        onDelete: (role) =>
          remove.mutate({ params: { id: role.id } }, { onSuccess: () => getMessage().success(t('common.deleted')) }),
      }),
    [t, canEdit, isMobile, remove.mutate],
  );

  return (
    <>
      <PageHeader
        title={t('menu.role_list')}
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('roles.new_role')}
            </Button>
          )
        }
      />
      <Card variant="borderless" className="panel-card">
        {roles.isError ? (
          <Result
            status="error"
            title={t('common.load_failed')}
            extra={<Button onClick={() => roles.refetch()}>{t('common.retry')}</Button>}
          />
        ) : (
          <Table<TRole>
            rowKey="id"
            columns={columns}
            dataSource={roles.data?.items}
            loading={roles.isPending}
            className="data-table"
            scroll={{ x: 'max-content' }}
            pagination={false}
            locale={{ emptyText: roles.isPending ? ' ' : <Empty description={t('roles.empty')} /> }}
          />
        )}
      </Card>
      <RoleFormDrawer role={editing} onClose={() => setEditing(null)} />
    </>
  );
}
