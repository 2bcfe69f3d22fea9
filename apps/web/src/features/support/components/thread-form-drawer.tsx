import { api, type SupportKind, TICKET_PRIORITIES, type TSupportThread, ZCreateSupportThread } from '@vitrina/contract';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { FormDrawer } from '../../../components/form-drawer';
import { CustomerSelect, SearchSelect } from '../../../components/search-select';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { applyServerErrors } from '../../../lib/form-errors';
import type { FormValues } from '../../../lib/form-values';
import { getMessage } from '../../../lib/notify';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { useLocale } from '../../../lib/use-locale';
import { parseForm } from '../../../lib/zod-form';
import { threadApi } from './thread-api';

type Values = FormValues<typeof api.support.create>;

/** A new conversation (staff opening one for a customer) or a new ticket. */
export function ThreadFormDrawer(props: {
  kind: SupportKind;
  isOpen: boolean;
  onClose: () => void;
  onCreated: (thread: TSupportThread) => void;
}) {
  const { kind } = props;
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const organizations = useOrganizationOptions();
  const editableOrgs = organizations.data?.items.filter((org) => org.access_level === 2) ?? [];
  const orgId = Form.useWatch('org_id', form) ?? editableOrgs[0]?.id;
  const assignees = useEndpoint(
    api.ticket.assignees,
    { query: { org_id: orgId } },
    { enabled: kind === 'ticket' && props.isOpen },
  );
  const create = useEndpointMutation(threadApi(kind).create);

  const firstOrgId = editableOrgs[0]?.id;
  useEffect(() => {
    if (props.isOpen) form.setFieldsValue({ org_id: firstOrgId, priority: 'normal' });
  }, [props.isOpen, form, firstOrgId]);

  const submit = (values: Values) => {
    const body = parseForm({
      schema: ZCreateSupportThread,
      values: { ...values, transaction_id: values.transaction_id || null },
      form,
      locale,
      t,
    });
    if (!body) return;
    create.mutate(
      { body },
      {
        onSuccess: (thread) => {
          getMessage().success(t('common.saved'));
          form.resetFields();
          props.onCreated(thread);
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };

  return (
    <FormDrawer
      title={t(kind === 'chat' ? 'support.new_chat' : 'support.new_ticket')}
      isOpen={props.isOpen}
      isEdit={false}
      isSaving={create.isPending}
      width={560}
      onClose={props.onClose}
      onSubmit={() => form.submit()}
    >
      <ContractForm form={form} onFinish={submit}>
        {editableOrgs.length > 1 && (
          <Form.Item name="org_id" label={t('fields.organization')}>
            <Select
              options={editableOrgs.map((org) => ({ value: org.id, label: org.name }))}
              onChange={() => form.setFieldsValue({ customer_id: undefined, assignee_id: undefined })}
            />
          </Form.Item>
        )}
        <Form.Item name="title" label={t('support.title')}>
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
        <Form.Item name="text" label={t('support.text')}>
          <Input.TextArea maxLength={4000} autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
        <Form.Item name="customer_id" label={t('support.customer')}>
          <CustomerSelect endpoint={api.support.customers} orgId={orgId} isClearable />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={14}>
            <Form.Item name="micromarket_id" label={t('support.micromarket')}>
              <SearchSelect endpoint={api.support.micromarkets} orgId={orgId} isClearable />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item name="transaction_id" label={t('support.transaction')}>
              <InputNumber min={1} precision={0} controls={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        {kind === 'ticket' && (
          <Row gutter={12}>
            <Col xs={24} sm={10}>
              <Form.Item name="priority" label={t('support.priority_label')}>
                <Select
                  options={TICKET_PRIORITIES.map((value) => ({ value, label: t(`support.priority.${value}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={14}>
              <Form.Item name="assignee_id" label={t('support.assignee')}>
                <Select
                  allowClear
                  placeholder={t('support.nobody')}
                  options={(assignees.data?.items ?? []).map((person) => ({ value: person.id, label: person.name }))}
                />
              </Form.Item>
            </Col>
          </Row>
        )}
      </ContractForm>
    </FormDrawer>
  );
}
