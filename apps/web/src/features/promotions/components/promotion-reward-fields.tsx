import { BONUS_TYPES, PROMOTION_SUBTYPES_OF_TYPE, PROMOTION_TYPE_CODES } from '@vitrina/contract';
import { Col, Form, InputNumber, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PromotionValues } from './promotion-values';

/** What the promotion is and what it gives: type and subtype, a percent or an amount. */
export function PromotionRewardFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PromotionValues>();
  const type = Form.useWatch('type', form) ?? 1;
  const bonusType = Form.useWatch('bonus_type', form) ?? 'percent';
  const isPercent = bonusType === 'percent';
  return (
    <>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="type" label={t('promotions.type_label')}>
            <Select
              options={PROMOTION_TYPE_CODES.map((code) => ({
                value: code,
                label: t(`promotions.type.${code}`),
              }))}
              onChange={(value: number) => form.setFieldValue('subtype', PROMOTION_SUBTYPES_OF_TYPE[value]?.[0])}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="subtype" label={t('promotions.subtype_label')}>
            <Select
              options={(PROMOTION_SUBTYPES_OF_TYPE[type] ?? []).map((code) => ({
                value: code,
                label: t(`promotions.subtype.${code}`),
              }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="bonus_type" label={t('promotions.bonus_type_label')}>
            <Radio.Group
              optionType="button"
              options={BONUS_TYPES.map((value) => ({ value, label: t(`promotions.bonus_type.${value}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="amount" label={isPercent ? t('promotions.percent') : t('promotions.amount')}>
            <InputNumber
              min={0}
              precision={isPercent ? 0 : 2}
              style={{ width: '100%' }}
              addonAfter={isPercent ? '%' : undefined}
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
