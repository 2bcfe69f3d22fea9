import { PROMO_SUBTYPE, PROMOTION_SUBTYPES_NEEDING_GROUPS } from '@vitrina/contract';
import { Form, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserGroupSelect } from '../../../components/user-group-select';
import { useMicromarketOptions } from '../../../lib/queries/micromarket-options';
import { ProductsSelect } from './products-select';
import type { PromotionValues } from './promotion-values';

type Props = {
  /** The organisations whose customers it may reward. */
  orgOptions: { value: number; label: string }[];
};

/** Who and what it rewards: customer groups, products, organisations, micromarkets, new users. */
export function PromotionAudienceFields({ orgOptions }: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PromotionValues>();
  const subtype = Form.useWatch('subtype', form) ?? 1;
  const micromarkets = useMicromarketOptions();
  return (
    <>
      <Form.Item
        name="group_ids"
        label={t('promotions.groups')}
        extra={
          PROMOTION_SUBTYPES_NEEDING_GROUPS.includes(subtype)
            ? t('promotions.groups_required_hint')
            : t('promotions.groups_hint')
        }
      >
        <UserGroupSelect orgId={null} />
      </Form.Item>
      {subtype === PROMO_SUBTYPE.specificProducts && (
        <Form.Item name="product_ids" label={t('promotions.products')}>
          <ProductsSelect />
        </Form.Item>
      )}
      <Form.Item
        name="organization_ids"
        label={t('promotions.organizations')}
        extra={t('promotions.organizations_hint')}
      >
        <Select mode="multiple" options={orgOptions} optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="micromarket_ids" label={t('promotions.micromarkets')} extra={t('promotions.micromarkets_hint')}>
        <Select
          mode="multiple"
          optionFilterProp="label"
          options={(micromarkets.data?.items ?? []).map((m) => ({ value: m.id, label: m.name }))}
        />
      </Form.Item>
      <Form.Item
        name="new_users"
        label={t('promotions.new_users')}
        valuePropName="checked"
        extra={t('promotions.new_users_hint')}
      >
        <Switch />
      </Form.Item>
    </>
  );
}
