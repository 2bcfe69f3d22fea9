import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { api, type TUserListItem } from '@vitrina/contract';
import { Button, Card } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { useIsMobile } from '../../../components/use-is-mobile';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { sortOf, useListQuery } from '../../../lib/list-query';
import { useCan } from '../../../lib/permissions';
import { useLocale } from '../../../lib/use-locale';
import { useExportUsers } from '../api/export-users';
import { InvitationLinkModal } from '../components/invitation-link-modal';
import { buildUserColumns } from '../components/user-columns';
import { UserFilters } from '../components/user-filters';
import { UserFormDrawer } from '../components/user-form-drawer';

export default function UserListScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const can = useCan();
  const { query, update, reset, hasFilters, result: users } = useListQuery(api.user.list);
  const exportUsers = useExportUsers();
  const invite = useEndpointMutation(api.user.invite);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [invitationLink, setInvitationLink] = useState<string | null>(null);
  const canEdit = can('edit_users');
  const isMobile = useIsMobile();

  const columns = useMemo(
    () =>
      buildUserColumns({
        t,
        locale,
        sort: query.sort,
        canEdit,
        isCompact: isMobile,
        onEdit: (user) => setEditing(user.id),
        onInvite: (user) =>
          invite.mutate(
            { params: { id: user.id } },
            { onSuccess: (answer) => setInvitationLink(answer.invitation_link) },
          ),
      }),
    [t, locale, query.sort, canEdit, isMobile, invite.mutate],
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
                {t('users.new_user')}
              </Button>
            )}
          </>
        }
      />
      <Card variant="borderless" className="panel-card">
        <UserFilters query={query} update={update} reset={reset} hasFilters={hasFilters} />
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
      <UserFormDrawer userId={editing} onClose={() => setEditing(null)} onInvited={setInvitationLink} />
      <InvitationLinkModal link={invitationLink} onClose={() => setInvitationLink(null)} />
    </>
  );
}
