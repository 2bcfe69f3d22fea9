import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { TRole } from '@vitrina/contract';
import { Button, Popconfirm, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';

type Options = {
  t: TFunction;
  canEdit: boolean;
  isCompact: boolean;
  onEdit: (role: TRole) => void;
  onDelete: (role: TRole) => void;
};

export function buildRoleColumns({ t, canEdit, isCompact, onEdit, onDelete }: Options): ColumnsType<TRole> {
  const columns: ColumnsType<TRole> = [
    {
      key: 'name',
      title: t('fields.name'),
      render: (_, role) => (
        <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
          <strong style={{ fontWeight: 500 }}>{role.name}</strong>
          {role.org_id === null && <Tag color="purple">{t('roles.platform')}</Tag>}
        </span>
      ),
    },
    { key: 'default_page', title: t('roles.default_page'), render: (_, role) => t(`roles.pages.${role.default_page}`) },
    {
      key: 'permissions',
      title: t('roles.permissions'),
      align: 'right',
      render: (_, role) => <Tag color="blue">{role.permissions.length}</Tag>,
    },
    { key: 'users', title: t('roles.users_count'), align: 'right', render: (_, role) => role.users_count },
  ];
  if (!canEdit) return columns;
  columns.push({
    key: 'actions',
    title: t('common.actions'),
    width: 110,
    fixed: isCompact ? undefined : 'right',
    render: (_, role) => (
      <div style={{ display: 'flex', gap: 4 }}>
        <Button
          size="small"
          icon={<EditOutlined />}
          aria-label={t('roles.edit_role', { name: role.name })}
          onClick={() => onEdit(role)}
        />
        <Popconfirm
          title={t('roles.delete_confirm', { name: role.name })}
          okText={t('actions.delete')}
          cancelText={t('actions.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => onDelete(role)}
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('roles.delete_role', { name: role.name })}
          />
        </Popconfirm>
      </div>
    ),
  });
  return columns;
}
