import { EditOutlined, MailOutlined, MoreOutlined } from '@ant-design/icons';
import type { TUser, TUserListItem, USER_SORTS } from '@vitrina/contract';
import { Button, Dropdown, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { formatDateUtc, formatRelativeTime } from '../../../lib/format';
import { sortOrderOf as orderOf } from '../../../lib/list-query';

type Options = {
  t: TFunction;
  locale: 'en' | 'ua' | 'pl' | 'it' | 'sk';
  sort: (typeof USER_SORTS)[number] | undefined;
  canEdit: boolean;
  isCompact: boolean;
  onEdit: (user: TUserListItem) => void;
  onInvite: (user: TUserListItem) => void;
};

export function UserStatus({ user, t }: { user: TUser; t: TFunction }) {
  if (!user.registered) return <Tag color="gold">{t('users.status.invited')}</Tag>;
  return user.active ? <Tag color="green">{t('users.status.active')}</Tag> : <Tag>{t('users.status.disabled')}</Tag>;
}

export function buildUserColumns({
  t,
  locale,
  sort,
  canEdit,
  isCompact,
  onEdit,
  onInvite,
}: Options): ColumnsType<TUserListItem> {
  const columns: ColumnsType<TUserListItem> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('fields.name'),
      sorter: true,
      sortOrder: orderOf(sort, 'name'),
      width: 200,
    },
    { key: 'email', dataIndex: 'email', title: t('fields.email'), sorter: true, sortOrder: orderOf(sort, 'email') },
    {
      key: 'phones',
      title: t('fields.phones'),
      render: (_, user) => (user.phones.length > 0 ? user.phones.join(', ') : '—'),
    },
    { key: 'role', title: t('fields.role'), render: (_, user) => user.role_name ?? '—' },
    { key: 'organization', dataIndex: 'org_name', title: t('fields.organization') },
    {
      key: 'type',
      title: t('fields.user_type'),
      render: (_, user) => t(`users.type.${user.user_type === 1 ? 'client' : 'employee'}`),
    },
    { key: 'status', title: t('fields.status'), render: (_, user) => <UserStatus user={user} t={t} /> },
    {
      key: 'last_login_at',
      title: t('users.last_login'),
      sorter: true,
      sortOrder: orderOf(sort, 'last_login_at'),
      render: (_, user) =>
        user.last_login_at ? (
          <Tooltip title={formatDateUtc(user.last_login_at)}>
            {formatRelativeTime(user.last_login_at, { locale })}
          </Tooltip>
        ) : (
          <span style={{ color: 'rgba(0,0,0,0.35)' }}>{t('users.never')}</span>
        ),
    },
    {
      key: 'created_at',
      title: t('fields.created'),
      sorter: true,
      sortOrder: orderOf(sort, 'created_at'),
      render: (_, user) => formatDateUtc(user.created_at),
    },
  ];
  if (!canEdit) return columns;
  columns.push({
    key: 'actions',
    title: t('common.actions'),
    fixed: isCompact ? undefined : 'right',
    width: 96,
    // The server marks each row it would let the caller change (a stronger user, user 1 or a
    // view-only organisation is not), so no action is offered only to be refused.
    render: (_, user) =>
      user.can_edit && (
        <div style={{ display: 'flex', gap: 4 }}>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('users.edit_user', { name: user.name })}
            onClick={() => onEdit(user)}
          />
          {!user.registered && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [{ key: 'invite', icon: <MailOutlined />, label: t('users.resend_invitation') }],
                onClick: () => onInvite(user),
              }}
            >
              <Button size="small" icon={<MoreOutlined />} aria-label={t('users.more_actions', { name: user.name })} />
            </Dropdown>
          )}
        </div>
      ),
  });
  return columns;
}
