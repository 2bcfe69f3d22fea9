import { api, DEFAULT_PAGES, type TRole } from '@vitrina/contract';
import { Form, Input, Result, Select, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { FormDrawer } from '../../../components/form-drawer';
import { useEntityForm } from '../../../lib/entity-form';
import type { FormValues } from '../../../lib/form-values';
import { usePermissionGroups } from '../api/get-permission-groups';
import { PermissionPicker } from './permission-picker';

type Values = FormValues<typeof api.role.create>;
type Props = { role: TRole | 'new' | null; onClose: () => void };

export function RoleFormDrawer({ role, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { isEdit, save, isSaving } = useEntityForm({
    form,
    create: api.role.create,
    update: api.role.update,
    id: role !== null && role !== 'new' ? role.id : null,
    // The user list shows role names, so a renamed role refreshes it too.
    alsoInvalidates: ['users'],
    onSaved: onClose,
  });
  const groups = usePermissionGroups(role === null ? null : role !== 'new' ? role.id : 0);

  useEffect(() => {
    if (!groups.data) return;
    const granted = groups.data.groups.flatMap((group) =>
      group.permissions.filter((p) => p.granted).map((p) => p.name),
    );
    form.setFieldsValue(
      role !== null && role !== 'new'
        ? { name: role.name, default_page: role.default_page, permissions: granted }
        : { name: '', default_page: 'dashboard', permissions: granted },
    );
  }, [groups.data, role, form]);

  return (
    <FormDrawer
      title={isEdit ? t('roles.edit_title') : t('roles.new_title')}
      isOpen={role !== null}
      isEdit={isEdit}
      isSaving={isSaving}
      isSubmitDisabled={!groups.data}
      width={640}
      onClose={onClose}
      onSubmit={form.submit}
    >
      {groups.isPending && <Skeleton active paragraph={{ rows: 12 }} />}
      {groups.isError && <Result status="error" title={t('common.load_failed')} />}
      {groups.data && (
        <ContractForm form={form} onFinish={save} preserve={false}>
          <Form.Item name="name" label={t('fields.name')} required>
            <Input />
          </Form.Item>
          <Form.Item name="default_page" label={t('roles.default_page')} required>
            <Select options={DEFAULT_PAGES.map((page) => ({ value: page, label: t(`roles.pages.${page}`) }))} />
          </Form.Item>
          <Form.Item name="permissions" label={t('roles.permissions')}>
            <PermissionPicker groups={groups.data.groups} />
          </Form.Item>
        </ContractForm>
      )}
    </FormDrawer>
  );
}
