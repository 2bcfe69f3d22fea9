import { api, type TProduct } from '@vitrina/contract';
import { Form } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { FormDrawer } from '../../../components/form-drawer';
import { useUploadMutation } from '../../../lib/endpoint-query';
import { useEntityForm } from '../../../lib/entity-form';
import { getMessage } from '../../../lib/notify';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { NewProductImage } from './new-product-image';
import { ProductFormFields } from './product-form-fields';
import { NEW_PRODUCT, type ProductFormValues, toFormValues, toProductBody } from './product-form-values';
import { PRODUCT_CHANGE_REFRESHES } from './product-refreshes';

type Props = { product: TProduct | 'new' | null; onClose: () => void };

export function ProductFormDrawer({ product, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProductFormValues>();
  const [image, setImage] = useState<File | null>(null);
  const upload = useUploadMutation(api.product.uploadImage);
  const close = () => {
    setImage(null);
    onClose();
  };
  const { isEdit, save, isSaving } = useEntityForm({
    form,
    create: api.product.create,
    update: api.product.update,
    id: product !== null && product !== 'new' ? product.id : null,
    alsoInvalidates: PRODUCT_CHANGE_REFRESHES,
    onSaved: (saved) => {
      // A new product's picture goes by the card's upload path, now that the product exists.
      if (product === 'new' && image) {
        const formData = new FormData();
        formData.append('file', image);
        upload.mutate(
          { params: { id: saved.id }, formData },
          { onSuccess: () => getMessage().success(t('products.image_saved')) },
        );
      }
      close();
    },
  });
  const organizations = useOrganizationOptions();
  const editableOrgs = organizations.data?.items.filter((org) => org.access_level === 2) ?? [];
  const firstOrgId = editableOrgs[0]?.id;
  const chosenOrgId = Form.useWatch('org_id', form) as number | undefined;
  const edited = product !== null && product !== 'new' ? product : null;
  const orgId = edited ? edited.org_id : (chosenOrgId ?? firstOrgId);
  const currency = edited
    ? edited.currency
    : (organizations.data?.items.find((org) => org.id === orgId)?.currency ?? 'UAH');

  useEffect(() => {
    if (product === 'new') form.setFieldsValue({ ...NEW_PRODUCT, org_id: firstOrgId });
    else if (product) form.setFieldsValue(toFormValues(product));
  }, [product, form, firstOrgId]);

  const submit = (values: ProductFormValues) => {
    const body = toProductBody(values);
    save(isEdit ? body : { ...body, status: values.status, org_id: values.org_id ?? firstOrgId });
  };

  return (
    <FormDrawer
      title={isEdit ? t('products.edit_title') : t('products.new_title')}
      isOpen={product !== null}
      isEdit={isEdit}
      isSaving={isSaving}
      width={640}
      onClose={close}
      onSubmit={form.submit}
    >
      <ContractForm form={form} onFinish={submit} initialValues={NEW_PRODUCT} preserve={false}>
        {!isEdit && <NewProductImage file={image} onChange={setImage} />}
        <ProductFormFields isEdit={isEdit} orgId={orgId} currency={currency} />
      </ContractForm>
    </FormDrawer>
  );
}
