import { api } from '@vitrina/contract';
import { Button, Card, Col, Form, Input, Row, Select, Space } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ContractForm } from '../../../components/contract-form';
import { PageHeader } from '../../../components/page-header';
import { useEndpoint } from '../../../lib/endpoint-query';
import { useEntityForm } from '../../../lib/entity-form';
import { useLiveSearchParams } from '../../../lib/live-search-params';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { PromotionAudienceFields } from '../components/promotion-audience-fields';
import { PromotionPreviewCard } from '../components/promotion-preview';
import { PromotionRewardFields } from '../components/promotion-reward-fields';
import { PromotionTermsFields } from '../components/promotion-terms-fields';
import { bodyOf, newPromotionValues, type PromotionValues, valuesOf } from '../components/promotion-values';
import { usePromotionPreview } from '../components/use-promotion-preview';

const LIST_PATH = '/user/bonus/promotions';

export default function PromotionFormScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useLiveSearchParams();
  const id = Number(params.get('id')) || null;
  const [form] = Form.useForm<PromotionValues>();
  const existing = useEndpoint(api.bonusPromotion.info, id ? { params: { id } } : undefined, { enabled: id !== null });
  const { isEdit, save, isSaving } = useEntityForm({
    form,
    create: api.bonusPromotion.create,
    update: api.bonusPromotion.update,
    id,
    onSaved: () => navigate(LIST_PATH),
  });
  const preview = usePromotionPreview(form, existing.data?.org_id);
  const organizations = useOrganizationOptions();
  const editableOrgs = organizations.data?.items.filter((org) => org.access_level === 2) ?? [];
  const isReadOnly = existing.data ? existing.data.status === 2 : false;

  const firstOrgId = editableOrgs[0]?.id;
  useEffect(() => {
    if (existing.data) form.setFieldsValue(valuesOf(existing.data));
    else if (id === null && firstOrgId !== undefined && form.getFieldValue('org_id') === undefined)
      form.setFieldValue('org_id', firstOrgId);
  }, [existing.data, form, id, firstOrgId]);

  const initialValues = useMemo(newPromotionValues, []);

  // The organisations whose customers it may reward: those the caller edits (the server refuses view-only ones).
  const orgOptions = editableOrgs.map((org) => ({ value: org.id, label: org.name }));
  const title = isEdit ? (existing.data?.name ?? t('promotions.edit')) : t('menu.bonus_promotion_new');

  return (
    <>
      <PageHeader title={title} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <Card variant="borderless" className="panel-card">
            <ContractForm
              form={form}
              initialValues={initialValues}
              disabled={isReadOnly}
              onFinish={(values) => save(bodyOf(values, isEdit))}
            >
              {!isEdit && editableOrgs.length > 1 && (
                <Form.Item name="org_id" label={t('fields.organization')}>
                  <Select options={orgOptions} />
                </Form.Item>
              )}
              <Form.Item name="name" label={t('fields.name')}>
                <Input maxLength={120} autoComplete="off" />
              </Form.Item>
              <Form.Item name="description" label={t('promotions.description')}>
                <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 5 }} />
              </Form.Item>
              <PromotionRewardFields />
              <PromotionTermsFields />
              <PromotionAudienceFields orgOptions={orgOptions} />
              <Space wrap>
                <Button type="primary" htmlType="submit" loading={isSaving} disabled={isReadOnly}>
                  {t('actions.save')}
                </Button>
                <Button onClick={() => navigate(LIST_PATH)} disabled={false}>
                  {t('actions.cancel')}
                </Button>
              </Space>
            </ContractForm>
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <PromotionPreviewCard preview={preview.preview} isPending={preview.isPending} onRun={preview.run} />
        </Col>
      </Row>
    </>
  );
}
