import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { api, type TUserListItem } from '@vitrina/contract';
import { Button, Card, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { useIsMobile } from '../../../components/use-is-mobile';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { type ListDefaults, sortOf, useListQuery } from '../../../lib/list-query';
import { useMoney } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useLocale } from '../../../lib/use-locale';
import { useExportUsers } from '../api/export-users';
import { BonusDrawer } from '../components/bonus-drawer';
import { InvitationLinkModal } from '../components/invitation-link-modal';
import { buildUserColumns, type UserView } from '../components/user-columns';
import { UserFilters } from '../components/user-filters';
import { UserFormDrawer } from '../components/user-form-drawer';

/** §3 user types are two views of the list; the type stays in the link, so a reload keeps the view. */
const LIST_OPTIONS = { notFilters: ['user_type'], defaults: { user_type: 2 } } as const satisfies {
  notFilters: readonly string[];
  defaults: ListDefaults<typeof api.user.list>;
};

export default function UserListScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const can = useCan();
  const money = useMoney();
  const { query, update, reset, hasFilters, result: users } = useListQuery(api.user.list, LIST_OPTIONS);
  const exportUsers = useExportUsers();
  const invite = useEndpointMutation(api.user.invite);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [bonusesOf, setBonusesOf] = useState<TUserListItem | null>(null);
  const [invitationLink, setInvitationLink] = useState<string | null>(null);
  const canEdit = can('edit_users');
  const isMobile = useIsMobile();
  const view: UserView = query.user_type === 1 ? 'customers' : 'employees';

  const columns = useMemo(
    () =>
      buildUserColumns({
        t,
        locale,
        sort: query.sort,
        canEdit,
        isCompact: isMobile,
        view,
        money,
        onEdit: (user) => setEditing(user.id),
        onBonuses: setBonusesOf,
        onInvite: (user) =>
          invite.mutate(
            { params: { id: user.id } },
            { onSuccess: (answer) => setInvitationLink(answer.invitation_link) },
          ),
      }),
    [t, locale, query.sort, canEdit, isMobile, view, money, invite.mutate],
  );

  const { page: _page, per_page: _perPage, ...filters } = query;

  return (
    <>
      <PageHeader
        title={t('menu.user_list')}
        extra={
          <>
            {can('export_users') && (
              <Button
                icon={<DownloadOutlined />}
                loading={exportUsers.isPending}
                onClick={() => exportUsers.mutate(filters)}
              >
                {t('users.export_csv')}
              </Button>
            )}
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                {view === 'customers' ? t('users.new_customer') : t('users.new_user')}
              </Button>
            )}
          </>
        }
      />
      <Card variant="borderless" className="panel-card">
        <Tabs
          aria-label={t('users.view')}
          activeKey={view}
          // A sort of one view (bonuses, last login) means nothing in the other.
          onChange={(key) => update({ user_type: key === 'customers' ? 1 : 2, sort: undefined, role_id: undefined })}
          items={[
            { key: 'employees', label: t('users.tabs.employees') },
            { key: 'customers', label: t('users.tabs.customers') },
          ]}
        />
        <UserFilters query={query} update={update} reset={reset} hasFilters={hasFilters} view={view} />
        <PagedTable<TUserListItem>
          rowKey="id"
          columns={columns}
          result={users}
          page={query.page}
          perPage={query.per_page}
          emptyText={t('users.empty')}
          hasFilters={hasFilters}
          onPageChange={update}
          onSortChange={(sorter) => update({ sort: sortOf(sorter), page: undefined })}
        />
      </Card>
      <UserFormDrawer
        userId={editing}
        userType={view === 'customers' ? 1 : 2}
        onClose={() => setEditing(null)}
        onInvited={setInvitationLink}
      />
      <BonusDrawer user={bonusesOf} onClose={() => setBonusesOf(null)} />
      <InvitationLinkModal link={invitationLink} onClose={() => setInvitationLink(null)} />
    </>
  );
}
