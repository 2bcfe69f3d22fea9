import { api, type TCategory, ZCreateCategory, ZUpdateCategory } from '@vitrina/contract';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { applyServerErrors } from '../../../lib/form-errors';
import type { FormValues } from '../../../lib/form-values';
import { getMessage } from '../../../lib/notify';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { useLocale } from '../../../lib/use-locale';
import { parseForm } from '../../../lib/zod-form';

/** The parent is where the add was asked, not a field. */
type Values = Omit<FormValues<typeof api.category.create>, 'parent_id'>;
/** `new` adds a child of `parentId` (null: a top-level category); a category renames it. */
export type CategoryEditing =
  | { kind: 'new'; parentId: number | null; orgId?: number }
  | { kind: 'rename'; category: TCategory };

export function CategoryNameModal({ editing, onClose }: { editing: CategoryEditing | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const create = useEndpointMutation(api.category.create);
  // Product rows show their category's name.
  const update = useEndpointMutation(api.category.update, { alsoInvalidates: ['products'] });
  const organizations = useOrganizationOptions();
  const editableOrgs = organizations.data?.items.filter((org) => org.access_level === 2) ?? [];
  // A sub-category inherits its parent's organisation; only the top level asks, and only when there is a choice.
  const firstOrgId = editableOrgs[0]?.id;
  const isOrgAsked = editing?.kind === 'new' && editing.parentId === null && editableOrgs.length > 1;

  useEffect(() => {
    if (!editing) return;
    if (editing.kind === 'rename') form.setFieldsValue({ name: editing.category.name });
    else form.setFieldsValue({ name: '', org_id: editing.orgId ?? firstOrgId });
  }, [editing, form, firstOrgId]);

  const handlers = {
    onSuccess: () => {
      getMessage().success(t('common.saved'));
      onClose();
    },
    onError: (error: unknown) => applyServerErrors(form, error),
  };

  const submit = (values: Values) => {
    if (editing?.kind === 'rename') {
      const body = parseForm({ schema: ZUpdateCategory, values, form, locale, t });
      if (body) update.mutate({ params: { id: editing.category.id }, body }, handlers);
      return;
    }
    if (!editing) return;
    const orgId = editing.parentId === null ? (values.org_id ?? firstOrgId) : undefined;
    const body = parseForm({
      schema: ZCreateCategory,
      values: { name: values.name, parent_id: editing.parentId, org_id: orgId },
      form,
      locale,
      t,
    });
    if (body) create.mutate({ body }, handlers);
  };

  return (
    <Modal
      title={editing?.kind === 'rename' ? t('categories.rename_title') : t('categories.new_title')}
      open={editing !== null}
      onCancel={onClose}
      onOk={form.submit}
      okText={editing?.kind === 'rename' ? t('actions.save') : t('actions.create')}
      cancelText={t('actions.cancel')}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <ContractForm form={form} onFinish={submit} preserve={false}>
        <Form.Item name="name" label={t('fields.name')} required>
          <Input autoFocus autoComplete="off" maxLength={120} />
        </Form.Item>
        {isOrgAsked && (
          <Form.Item name="org_id" label={t('fields.organization')} required>
            <Select options={editableOrgs.map((org) => ({ value: org.id, label: org.name }))} />
          </Form.Item>
        )}
      </ContractForm>
    </Modal>
  );
}
