import { GiftOutlined, MailOutlined, MoreOutlined } from '@ant-design/icons';
import type { TUser, TUserListItem, USER_SORTS } from '@vitrina/contract';
import { Button, Dropdown, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { RowActions } from '../../../components/row-actions';
import { formatDateUtc, formatRelativeTime } from '../../../lib/format';
import { sortOrderOf as orderOf } from '../../../lib/list-query';

type Options = {
  t: TFunction;
  locale: 'en' | 'ua' | 'pl' | 'it' | 'sk';
  sort: (typeof USER_SORTS)[number] | undefined;
  canEdit: boolean;
  isCompact: boolean;
  /** §3 user types as two views: customers (1) and employees (2). */
  view: UserView;
  money: (minor: number, currency: string) => string;
  onEdit: (user: TUserListItem) => void;
  onInvite: (user: TUserListItem) => void;
  onBonuses: (user: TUserListItem) => void;
};

export type UserView = 'customers' | 'employees';

const muted = (text: string) => <span style={{ color: 'rgba(0,0,0,0.35)' }}>{text}</span>;

function whenAgo(value: string | null, locale: Options['locale'], fallback: string) {
  return value ? (
    <Tooltip title={formatDateUtc(value)}>{formatRelativeTime(value, { locale })}</Tooltip>
  ) : (
    muted(fallback)
  );
}

export function UserStatus({ user, t }: { user: TUser; t: TFunction }) {
  if (!user.registered) return <Tag color="gold">{t('users.status.invited')}</Tag>;
  return user.active ? <Tag color="green">{t('users.status.active')}</Tag> : <Tag>{t('users.status.disabled')}</Tag>;
}

/** A customer's name, marked when their organisation has blocked them from its cabinets. */
function CustomerName({ user, t }: { user: TUser; t: TFunction }) {
  return (
    <span>
      {user.name}
      {user.blocked && (
        <Tag color="red" style={{ marginInlineStart: 8 }}>
          {t('users.block.blocked_tag')}
        </Tag>
      )}
    </span>
  );
}

export function buildUserColumns(options: Options): ColumnsType<TUserListItem> {
  const { t, sort, canEdit, isCompact, view } = options;
  const name: ColumnsType<TUserListItem>[number] = {
    key: 'name',
    dataIndex: 'name',
    title: t('fields.name'),
    sorter: true,
    sortOrder: orderOf(sort, 'name'),
    width: 200,
    render: view === 'customers' ? (_, user) => <CustomerName user={user} t={t} /> : undefined,
  };
  const organization = { key: 'organization', dataIndex: 'org_name', title: t('fields.organization') };
  const columns: ColumnsType<TUserListItem> =
    view === 'customers' ? customerColumns(options) : employeeColumns(options);
  if (isCompact && view === 'customers') {
    // On a phone the balance must not scroll off: the phone goes under the name, the balance beside it.
    const rest = columns.filter((column) => column.key !== 'phones' && column.key !== 'bonuses');
    const bonuses = columns.filter((column) => column.key === 'bonuses');
    const nameAndPhone: ColumnsType<TUserListItem>[number] = {
      ...name,
      width: undefined,
      render: (_, user) => (
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <CustomerName user={user} t={t} />
          <span className="muted">{user.phones[0] ?? ''}</span>
        </div>
      ),
    };
    return [nameAndPhone, ...bonuses, ...rest, organization, actionsColumn(options)];
  }
  columns.unshift(name);
  columns.splice(view === 'customers' ? 2 : 3, 0, organization);
  if (view === 'employees' && !canEdit) return columns;
  columns.push(actionsColumn(options));
  return columns;
}

/** Bonuses for customers; edit and re-invite where the server would allow them. */
function actionsColumn(options: Options): ColumnsType<TUserListItem>[number] {
  const { t, canEdit, isCompact } = options;
  return {
    key: 'actions',
    title: t('common.actions'),
    fixed: isCompact ? undefined : 'right',
    width: 96,
    // The server marks each row it would let the caller change (a stronger user, user 1 or a
    // view-only organisation is not), so no action is offered only to be refused.
    render: (_, user) => (
      <RowActions
        actions={[
          {
            key: 'bonuses',
            label: t('users.balance.open', { name: user.name }),
            icon: <GiftOutlined />,
            onClick: () => options.onBonuses(user),
            isHidden: user.user_type !== 1,
          },
        ]}
        edit={{
          label: t('users.edit_user', { name: user.name }),
          onClick: () => options.onEdit(user),
          isHidden: !(canEdit && user.can_edit),
        }}
      >
        {canEdit && user.can_edit && !user.registered && user.user_type === 2 && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [{ key: 'invite', icon: <MailOutlined />, label: t('users.resend_invitation') }],
              onClick: () => options.onInvite(user),
            }}
          >
            <Button size="small" icon={<MoreOutlined />} aria-label={t('users.more_actions', { name: user.name })} />
          </Dropdown>
        )}
      </RowActions>
    ),
  };
}

/** When the user was made: a customer's registration, an employee's account. */
function createdColumn(title: string, sort: Options['sort']): ColumnsType<TUserListItem>[number] {
  return {
    key: 'created_at',
    title,
    sorter: true,
    sortOrder: orderOf(sort, 'created_at'),
    render: (_, user) => formatDateUtc(user.created_at),
  };
}

/** Customers: how to reach them, their bonuses, when they came and last bought, their push limits. */
function customerColumns({ t, sort, locale, money }: Options): ColumnsType<TUserListItem> {
  return [
    {
      key: 'phones',
      title: t('fields.phones'),
      render: (_, user) => (user.phones.length > 0 ? user.phones.join(', ') : '—'),
    },
    {
      key: 'bonuses',
      title: t('users.bonuses'),
      align: 'right',
      sorter: true,
      sortOrder: orderOf(sort, 'bonuses'),
      render: (_, user) => money(user.bonuses, user.currency),
    },
    {
      key: 'last_purchase_at',
      title: t('users.last_purchase'),
      render: (_, user) => whenAgo(user.last_purchase_at, locale, t('users.no_purchases')),
    },
    createdColumn(t('users.registered'), sort),
    {
      key: 'push_limits',
      title: t('users.push_limits'),
      render: (_, user) =>
        t('users.push_limits_value', {
          important: user.push_limit_important,
          unimportant: user.push_limit_unimportant,
        }),
    },
  ];
}

/** Employees: how they sign in, with which role, and when they last did. */
function employeeColumns({ t, sort, locale }: Options): ColumnsType<TUserListItem> {
  return [
    { key: 'email', dataIndex: 'email', title: t('fields.email'), sorter: true, sortOrder: orderOf(sort, 'email') },
    { key: 'role', title: t('fields.role'), render: (_, user) => user.role_name ?? '—' },
    { key: 'status', title: t('fields.status'), render: (_, user) => <UserStatus user={user} t={t} /> },
    {
      key: 'last_login_at',
      title: t('users.last_login'),
      sorter: true,
      sortOrder: orderOf(sort, 'last_login_at'),
      render: (_, user) => whenAgo(user.last_login_at, locale, t('users.never')),
    },
    createdColumn(t('fields.created'), sort),
  ];
}
