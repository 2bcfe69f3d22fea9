import { api, DEFAULT_PAGES, type DefaultPage, type TRole, ZCreateRole } from '@vitrina/contract';
import { Form, Input, Result, Select, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { FormDrawer } from '../../../components/form-drawer';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { getMessage } from '../../../lib/notify';
import { useLocale } from '../../../lib/use-locale';
import { applyServerErrors, parseForm } from '../../../lib/zod-form';
import { usePermissionGroups } from '../api/get-permission-groups';
import { PermissionPicker } from './permission-picker';

type Values = { name: string; default_page: DefaultPage; permissions: string[] };
type Props = { role: TRole | 'new' | null; onClose: () => void };

export function RoleFormDrawer({ role, onClose }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const isEdit = role !== null && role !== 'new';
  const groups = usePermissionGroups(role === null ? null : isEdit ? role.id : 0);
  const create = useEndpointMutation(api.role.create);
  // The user list shows role names, so a renamed role refreshes it too.
  const update = useEndpointMutation(api.role.update, { alsoInvalidates: ['users'] });

  useEffect(() => {
    if (!groups.data) return;
    const granted = groups.data.groups.flatMap((group) =>
      group.permissions.filter((p) => p.granted).map((p) => p.name),
    );
    form.setFieldsValue(
      isEdit
        ? { name: role.name, default_page: role.default_page, permissions: granted }
        : { name: '', default_page: 'dashboard', permissions: granted },
    );
  }, [groups.data, isEdit, role, form]);

  const submit = (values: Values) => {
    const body = parseForm({ schema: ZCreateRole, values, form, locale, t });
    if (!body) return;
    const handlers = {
      onSuccess: () => {
        getMessage().success(t('common.saved'));
        onClose();
      },
      onError: (error: unknown) => applyServerErrors(form, error),
    };
    if (isEdit) update.mutate({ params: { id: role.id }, body }, handlers);
    else create.mutate({ body }, handlers);
  };

  return (
    <FormDrawer
      title={isEdit ? t('roles.edit_title') : t('roles.new_title')}
      isOpen={role !== null}
      isEdit={isEdit}
      isSaving={create.isPending || update.isPending}
      isSubmitDisabled={!groups.data}
      width={640}
      onClose={onClose}
      onSubmit={form.submit}
    >
      {groups.isPending && <Skeleton active paragraph={{ rows: 12 }} />}
      {groups.isError && <Result status="error" title={t('common.load_failed')} />}
      {groups.data && (
        <ContractForm form={form} onFinish={submit} preserve={false}>
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
