import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  api,
  PUSH_AUDIENCES,
  PUSH_EXTRA_MAX,
  PUSH_IMPORTANCES,
  type TCreatePushMessage,
  type TPushPreview,
} from '@vitrina/contract';
import { Button, Card, Col, Form, Input, Modal, Radio, Row, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ContractForm } from '../../../components/contract-form';
import { PageHeader } from '../../../components/page-header';
import { CustomerSelect } from '../../../components/search-select';
import { UserGroupSelect } from '../../../components/user-group-select';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { applyServerErrors } from '../../../lib/form-errors';
import type { FormValues } from '../../../lib/form-values';
import { getMessage } from '../../../lib/notify';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { PushPreviewPanel } from '../components/push-preview';

const QUEUE_PATH = '/push/queue';

/** Extra data is typed as key and value rows (an object on the wire); "now or later" decides whether a time is sent. */
type Values = Omit<FormValues<typeof api.push.create>, 'extra'> & {
  extra?: { key?: string; value?: string }[];
  when: 'now' | 'later';
};

const INITIAL: Partial<Values> = { importance: 'unimportant', audience: 'all', when: 'now', extra: [] };

/** The request body from what the form holds: only the chosen audience's field travels. */
function bodyOf(values: Values): TCreatePushMessage {
  const extra: Record<string, string> = {};
  for (const pair of values.extra ?? []) if (pair?.key) extra[pair.key] = pair.value ?? '';
  return {
    ...(values.org_id === undefined ? {} : { org_id: values.org_id }),
    importance: values.importance,
    title: values.title ?? '',
    body: values.body ?? '',
    action: values.action ?? '',
    extra,
    audience: values.audience,
    group_ids: values.audience === 'groups' ? (values.group_ids ?? []) : [],
    user_id: values.audience === 'user' ? (values.user_id ?? null) : null,
    phone: values.audience === 'phone' ? (values.phone ?? '') : null,
    send_at: values.when === 'later' ? (values.send_at ?? '') : null,
  };
}

/** §2 `/push/new`: a message to customers, now or at a time on the organisation's clock, previewed first. */
export default function PushNewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const organizations = useOrganizationOptions();
  const editableOrgs = organizations.data?.items.filter((org) => org.access_level === 2) ?? [];
  const orgId = Form.useWatch('org_id', form) ?? editableOrgs[0]?.id;
  const org = editableOrgs.find((item) => item.id === orgId);
  const audience = Form.useWatch('audience', form) ?? 'all';
  const when = Form.useWatch('when', form) ?? 'now';
  const title = Form.useWatch('title', form) ?? '';
  const text = Form.useWatch('body', form) ?? '';
  const previewCall = useEndpointMutation(api.push.preview);
  const create = useEndpointMutation(api.push.create);
  const [preview, setPreview] = useState<TPushPreview | null>(null);

  const firstOrgId = editableOrgs[0]?.id;
  useEffect(() => {
    if (firstOrgId !== undefined && form.getFieldValue('org_id') === undefined)
      form.setFieldValue('org_id', firstOrgId);
  }, [form, firstOrgId]);

  const runPreview = () => {
    previewCall.mutate(
      { body: bodyOf(form.getFieldsValue(true) as Values) },
      { onSuccess: setPreview, onError: (error) => applyServerErrors(form, error) },
    );
  };
  // Sent now, a message cannot be called back: the operator confirms who gets it first.
  const [confirming, setConfirming] = useState<Values | null>(null);
  const submit = (values: Values) => (values.when === 'later' ? send(values) : setConfirming(values));
  const send = (values: Values) => {
    setConfirming(null);
    create.mutate(
      { body: bodyOf(values) },
      {
        onSuccess: () => {
          getMessage().success(t('push.queued'));
          navigate(QUEUE_PATH);
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };

  return (
    <>
      <Modal
        open={confirming !== null}
        title={t('push.confirm_title')}
        okText={t('push.send_now')}
        cancelText={t('actions.cancel')}
        onOk={() => confirming && send(confirming)}
        onCancel={() => setConfirming(null)}
      >
        {confirming && (
          <Typography.Paragraph>
            {t('push.confirm_text', {
              audience: t(`push.audience.${confirming.audience}`),
              organization: org?.name ?? '',
            })}
            {preview ? ` ${t('push.confirm_recipients', { count: preview.recipients })}` : ''}
          </Typography.Paragraph>
        )}
      </Modal>
      <PageHeader title={t('menu.push_new')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <Card variant="borderless" className="panel-card">
            <ContractForm form={form} initialValues={INITIAL} onFinish={submit} onValuesChange={() => setPreview(null)}>
              {editableOrgs.length > 1 && (
                <Form.Item name="org_id" label={t('fields.organization')}>
                  <Select
                    options={editableOrgs.map((item) => ({ value: item.id, label: item.name }))}
                    onChange={() => form.setFieldsValue({ group_ids: [], user_id: undefined })}
                  />
                </Form.Item>
              )}
              <Form.Item name="importance" label={t('push.importance_label')} extra={t('push.importance_hint')}>
                <Radio.Group
                  optionType="button"
                  options={PUSH_IMPORTANCES.map((value) => ({ value, label: t(`push.importance.${value}`) }))}
                />
              </Form.Item>
              <Form.Item name="title" label={t('push.title')}>
                <Input maxLength={100} showCount autoComplete="off" />
              </Form.Item>
              <Form.Item name="body" label={t('push.body')}>
                <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
              </Form.Item>
              <Form.Item name="action" label={t('push.action')} extra={t('push.action_hint')}>
                <Input maxLength={300} autoComplete="off" />
              </Form.Item>
              <Form.Item label={t('push.extra')}>
                <Form.List name="extra">
                  {(fields, { add, remove }, { errors }) => (
                    <Space direction="vertical" style={{ width: '100%' }}>
                      {fields.map((field) => (
                        <Space key={field.key} align="baseline" wrap>
                          <Form.Item name={[field.name, 'key']} noStyle>
                            <Input placeholder={t('push.extra_key')} aria-label={t('push.extra_key')} maxLength={40} />
                          </Form.Item>
                          <Form.Item name={[field.name, 'value']} noStyle>
                            <Input
                              placeholder={t('push.extra_value')}
                              aria-label={t('push.extra_value')}
                              maxLength={500}
                            />
                          </Form.Item>
                          <Button
                            type="text"
                            icon={<MinusCircleOutlined />}
                            aria-label={t('push.extra_remove', {
                              key: form.getFieldValue(['extra', field.name, 'key']) ?? '',
                            })}
                            onClick={() => remove(field.name)}
                          />
                        </Space>
                      ))}
                      {fields.length < PUSH_EXTRA_MAX && (
                        <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ key: '', value: '' })}>
                          {t('push.extra_add')}
                        </Button>
                      )}
                      {/* The server names a reserved key, or a payload past FCM's 4 KB, on `extra`. */}
                      <Form.ErrorList errors={errors} />
                    </Space>
                  )}
                </Form.List>
              </Form.Item>
              <Form.Item name="audience" label={t('push.audience_label')}>
                <Radio.Group options={PUSH_AUDIENCES.map((value) => ({ value, label: t(`push.audience.${value}`) }))} />
              </Form.Item>
              {audience === 'groups' && (
                <Form.Item name="group_ids" label={t('push.groups')}>
                  <UserGroupSelect orgId={orgId} />
                </Form.Item>
              )}
              {audience === 'user' && (
                <Form.Item name="user_id" label={t('push.customer')}>
                  <CustomerSelect endpoint={api.push.recipients} orgId={orgId} />
                </Form.Item>
              )}
              {audience === 'phone' && (
                <Form.Item name="phone" label={t('push.phone')}>
                  <Input type="tel" inputMode="tel" maxLength={20} autoComplete="off" />
                </Form.Item>
              )}
              <Form.Item name="when" label={t('push.when_label')}>
                <Radio.Group
                  optionType="button"
                  options={(['now', 'later'] as const).map((value) => ({ value, label: t(`push.when.${value}`) }))}
                />
              </Form.Item>
              {when === 'later' && (
                <Form.Item
                  name="send_at"
                  label={t('push.send_at')}
                  extra={org ? t('push.send_at_hint', { zone: org.time_zone }) : undefined}
                >
                  <Input type="datetime-local" style={{ maxWidth: 260 }} />
                </Form.Item>
              )}
              <Space wrap>
                <Button type="primary" htmlType="submit" loading={create.isPending}>
                  {when === 'later' ? t('push.schedule') : t('push.send_now')}
                </Button>
                <Button onClick={() => navigate(QUEUE_PATH)}>{t('push.open_queue')}</Button>
              </Space>
            </ContractForm>
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <Card
            variant="borderless"
            className="panel-card"
            title={t('push.preview')}
            extra={
              <Button onClick={runPreview} loading={previewCall.isPending}>
                {t('push.preview_run')}
              </Button>
            }
          >
            <PushPreviewPanel title={title} body={text} preview={preview} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
