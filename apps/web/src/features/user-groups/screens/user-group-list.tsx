import { PlusOutlined } from '@ant-design/icons';
import { api, type TUserGroup } from '@vitrina/contract';
import { Button, Card, Form, Input, Modal } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { OrganizationFilter, SearchFilter } from '../../../components/list-filters';
import { useOrganizationColumn } from '../../../components/organization-column';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { RowActions } from '../../../components/row-actions';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { useEntityForm } from '../../../lib/entity-form';
import { useListQuery } from '../../../lib/list-query';
import { getMessage } from '../../../lib/notify';
import { useCan } from '../../../lib/permissions';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { GroupPhonesDrawer } from '../components/group-phones-drawer';

/** §2 `/user/group`: groups of phone numbers that resolve to customers. */
export default function UserGroupListScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const organizations = useOrganizationOptions();
  const { query, update, hasFilters, result } = useListQuery(api.userGroup.list);
  const remove = useEndpointMutation(api.userGroup.delete);
  const [editing, setEditing] = useState<TUserGroup | 'new' | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [form] = Form.useForm<{ name: string }>();
  const { isEdit, save, isSaving } = useEntityForm({
    form,
    create: api.userGroup.create,
    update: api.userGroup.update,
    id: editing !== null && editing !== 'new' ? editing.id : null,
    onSaved: (group) => {
      setEditing(null);
      setOpenId(group.id);
    },
  });
  const canEdit = (orgId: number) =>
    can('edit_users') && organizations.data?.items.find((org) => org.id === orgId)?.access_level === 2;
  const open = result.data?.items.find((group) => group.id === openId) ?? null;

  const columns: ColumnsType<TUserGroup> = [
    {
      key: 'name',
      title: t('fields.name'),
      render: (_, group) => (
        <Button type="link" style={{ padding: 0, fontWeight: 500 }} onClick={() => setOpenId(group.id)}>
          {group.name}
        </Button>
      ),
    },
    { key: 'phones', title: t('user_groups.phones'), align: 'right', render: (_, group) => group.phones_count },
    { key: 'members', title: t('user_groups.members'), align: 'right', render: (_, group) => group.members_count },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 96,
      render: (_, group) =>
        canEdit(group.org_id) && (
          <RowActions
            edit={{
              label: t('user_groups.rename', { name: group.name }),
              onClick: () => {
                form.setFieldsValue({ name: group.name });
                setEditing(group);
              },
            }}
            remove={{
              label: t('user_groups.delete', { name: group.name }),
              confirm: t('user_groups.delete_confirm', { name: group.name }),
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
        title={t('menu.user_groups')}
        extra={
          can('edit_users') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                form.resetFields();
                setEditing('new');
              }}
            >
              {t('user_groups.new')}
            </Button>
          )
        }
      />
      <Card variant="borderless" className="panel-card">
        <div className="list-filters">
          <SearchFilter label={t('user_groups.search')} value={query.q} onSearch={(q) => update({ q })} />
          <OrganizationFilter value={query.org_id} onChange={(orgId) => update({ org_id: orgId })} />
        </div>
        <PagedTable<TUserGroup>
          rowKey="id"
          columns={shownColumns}
          result={result}
          page={query.page}
          perPage={query.per_page}
          emptyText={t('user_groups.empty')}
          hasFilters={hasFilters}
          onPageChange={update}
        />
      </Card>
      <Modal
        title={isEdit ? t('user_groups.rename_title') : t('user_groups.new')}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t('actions.save')}
        cancelText={t('actions.cancel')}
        confirmLoading={isSaving}
      >
        <ContractForm form={form} layout="vertical" onFinish={(values) => save(values)}>
          <Form.Item name="name" label={t('fields.name')} required>
            <Input maxLength={120} autoFocus />
          </Form.Item>
        </ContractForm>
      </Modal>
      <GroupPhonesDrawer group={open} canEdit={open !== null && canEdit(open.org_id)} onClose={() => setOpenId(null)} />
    </>
  );
}
