import { api, type TCopyResult, type TProduct, ZCopyProducts } from '@vitrina/contract';
import { Alert, Descriptions, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { applyServerErrors } from '../../../lib/form-errors';
import type { FormValues } from '../../../lib/form-values';
import { useMakerOptions } from '../../../lib/queries/maker-options';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { useLocale } from '../../../lib/use-locale';
import { parseForm } from '../../../lib/zod-form';
import { PRODUCT_COPY_REFRESHES } from './product-refreshes';

/** The products are the ones chosen in the list. */
type Values = Pick<FormValues<typeof api.product.copy>, 'org_ids' | 'maker_ids'>;
type Props = { products: TProduct[] | null; onClose: () => void };

/** Copies the chosen products (of the chosen makers) into other organisations. */
export function CopyProductsModal({ products, onClose }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const copy = useEndpointMutation(api.product.copy, { alsoInvalidates: PRODUCT_COPY_REFRESHES });
  const organizations = useOrganizationOptions();
  const makers = useMakerOptions();
  const [result, setResult] = useState<TCopyResult | null>(null);
  const editableOrgs = organizations.data?.items.filter((org) => org.access_level === 2) ?? [];

  useEffect(() => {
    if (!products) return;
    setResult(null);
    const makerIds = [...new Set(products.map((product) => product.maker_id).filter((id) => id !== null))];
    form.setFieldsValue({ org_ids: [], maker_ids: makerIds });
  }, [products, form]);

  const submit = (values: Values) => {
    const body = parseForm({
      schema: ZCopyProducts,
      values: { ...values, product_ids: products?.map((product) => product.id) },
      form,
      locale,
      t,
    });
    if (body) copy.mutate({ body }, { onSuccess: setResult, onError: (error) => applyServerErrors(form, error) });
  };

  return (
    <Modal
      title={t('products.copy_title', { count: products?.length ?? 0 })}
      open={products !== null}
      onCancel={onClose}
      onOk={result ? onClose : form.submit}
      okText={result ? t('actions.done') : t('products.copy')}
      cancelButtonProps={result ? { style: { display: 'none' } } : undefined}
      cancelText={t('actions.cancel')}
      confirmLoading={copy.isPending}
      destroyOnHidden
    >
      {result ? (
        <>
          <Alert type="success" showIcon title={t('products.copy_done')} style={{ marginBottom: 12 }} />
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('products.copy_result.copied')}>{result.copied}</Descriptions.Item>
            <Descriptions.Item label={t('products.copy_result.skipped')}>{result.skipped}</Descriptions.Item>
            <Descriptions.Item label={t('products.copy_result.makers_created')}>
              {result.makers_created}
            </Descriptions.Item>
            <Descriptions.Item label={t('products.copy_result.categories_created')}>
              {result.categories_created}
            </Descriptions.Item>
          </Descriptions>
        </>
      ) : (
        <ContractForm form={form} onFinish={submit} preserve={false}>
          <Form.Item name="org_ids" label={t('products.copy_organizations')} required>
            <Select
              mode="multiple"
              showSearch={{ optionFilterProp: 'label' }}
              options={editableOrgs.map((org) => ({ value: org.id, label: org.name }))}
            />
          </Form.Item>
          <Form.Item name="maker_ids" label={t('products.copy_makers')} required extra={t('products.copy_makers_hint')}>
            <Select
              mode="multiple"
              showSearch={{ optionFilterProp: 'label' }}
              loading={makers.isPending}
              options={makers.data?.items.map((maker) => ({ value: maker.id, label: maker.name }))}
            />
          </Form.Item>
        </ContractForm>
      )}
    </Modal>
  );
}
