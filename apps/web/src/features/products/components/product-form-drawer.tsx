import { api, type TProduct, ZCreateProduct, ZUpdateProduct } from '@vitrina/contract';
import { Form } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { FormDrawer } from '../../../components/form-drawer';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { getMessage } from '../../../lib/notify';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { useLocale } from '../../../lib/use-locale';
import { applyServerErrors, parseForm } from '../../../lib/zod-form';
import { ProductFormFields } from './product-form-fields';
import { NEW_PRODUCT, type ProductFormValues, toFormValues, toProductBody } from './product-form-values';
import { PRODUCT_CHANGE_REFRESHES } from './product-refreshes';

type Props = { product: TProduct | 'new' | null; onClose: () => void };

export function ProductFormDrawer({ product, onClose }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<ProductFormValues>();
  const create = useEndpointMutation(api.product.create, { alsoInvalidates: PRODUCT_CHANGE_REFRESHES });
  const update = useEndpointMutation(api.product.update, { alsoInvalidates: PRODUCT_CHANGE_REFRESHES });
  const organizations = useOrganizationOptions();
  const isEdit = product !== null && product !== 'new';
  const editableOrgs = organizations.data?.items.filter((org) => org.access_level === 2) ?? [];
  const firstOrgId = editableOrgs[0]?.id;
  const chosenOrgId = Form.useWatch('org_id', form) as number | undefined;
  const orgId = isEdit ? product.org_id : (chosenOrgId ?? firstOrgId);
  const currency = isEdit
    ? product.currency
    : (organizations.data?.items.find((org) => org.id === orgId)?.currency ?? 'UAH');

  useEffect(() => {
    if (product === 'new') form.setFieldsValue({ ...NEW_PRODUCT, org_id: firstOrgId });
    else if (product) form.setFieldsValue(toFormValues(product));
  }, [product, form, firstOrgId]);

  const handlers = {
    onSuccess: () => {
      getMessage().success(t('common.saved'));
      onClose();
    },
    onError: (error: unknown) => applyServerErrors(form, error),
  };

  const submit = (values: ProductFormValues) => {
    const body = toProductBody(values);
    if (isEdit) {
      const parsed = parseForm({ schema: ZUpdateProduct, values: body, form, locale, t });
      if (parsed) update.mutate({ params: { id: product.id }, body: parsed }, handlers);
      return;
    }
    const parsed = parseForm({
      schema: ZCreateProduct,
      values: { ...body, status: values.status, org_id: values.org_id ?? firstOrgId },
      form,
      locale,
      t,
    });
    if (parsed) create.mutate({ body: parsed }, handlers);
  };

  return (
    <FormDrawer
      title={isEdit ? t('products.edit_title') : t('products.new_title')}
      isOpen={product !== null}
      isEdit={isEdit}
      isSaving={create.isPending || update.isPending}
      width={640}
      onClose={onClose}
      onSubmit={form.submit}
    >
      <ContractForm form={form} onFinish={submit} initialValues={NEW_PRODUCT} preserve={false}>
        <ProductFormFields isEdit={isEdit} orgId={orgId} currency={currency} />
      </ContractForm>
    </FormDrawer>
  );
}
