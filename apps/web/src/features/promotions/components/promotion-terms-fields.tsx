import { PROMOTION_PERIODS } from '@vitrina/contract';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** When and on which purchases it applies: how often, between which dates, for purchases between two sums. */
export function PromotionTermsFields() {
  const { t } = useTranslation();
  return (
    <>
      <Row gutter={12}>
        <Col xs={24} sm={8}>
          <Form.Item name="period" label={t('promotions.period_label')}>
            <Select options={PROMOTION_PERIODS.map((p) => ({ value: p, label: t(`promotions.period.${p}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="start_date" label={t('promotions.start_date')}>
            <Input type="date" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="end_date" label={t('promotions.end_date')}>
            <Input type="date" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={12}>
          <Form.Item name="min_purchase" label={t('promotions.min_purchase')}>
            <InputNumber min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item name="max_purchase" label={t('promotions.max_purchase')}>
            <InputNumber min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
