import type { TRole } from '@vitrina/contract';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { RowActions } from '../../../components/row-actions';

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
      <RowActions
        edit={{ label: t('roles.edit_role', { name: role.name }), onClick: () => onEdit(role) }}
        remove={{
          label: t('roles.delete_role', { name: role.name }),
          confirm: t('roles.delete_confirm', { name: role.name }),
          onConfirm: () => onDelete(role),
        }}
      />
    ),
  });
  return columns;
}
