import { api, CHANNEL_TYPE_CODES, type ChannelType, type TNotificationChannel } from '@vitrina/contract';
import { Col, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { FormDrawer } from '../../../components/form-drawer';
import { useEntityForm } from '../../../lib/entity-form';
import type { FormValues } from '../../../lib/form-values';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';

type Values = FormValues<typeof api.notificationChannel.create>;

/** A WhatsApp template the channel's messages of one kind go out as: its name and language. */
function TemplateFields(props: { kind: 'notice' | 'code' }) {
  const { t } = useTranslation();
  return (
    <Row gutter={12}>
      <Col xs={24} sm={15}>
        <Form.Item
          name={`${props.kind}_template`}
          label={t(`notifications.${props.kind}_template`)}
          extra={t(`notifications.${props.kind}_template_hint`)}
        >
          <Input
            maxLength={512}
            autoComplete="off"
            placeholder={props.kind === 'code' ? 'sign_in_code' : 'vitrina_notice'}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={9}>
        <Form.Item name={`${props.kind}_template_language`} label={t('notifications.template_language')}>
          <Input maxLength={6} autoComplete="off" placeholder="en_US" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** A new channel or an existing one's settings; the secrets are never shown, only replaced. */
export function ChannelFormDrawer(props: { channel: TNotificationChannel | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { channel } = props;
  const [form] = Form.useForm<Values>();
  const organizations = useOrganizationOptions();
  const editableOrgs = organizations.data?.items.filter((org) => org.access_level === 2) ?? [];
  const { isEdit, save, isSaving } = useEntityForm({
    form,
    create: api.notificationChannel.create,
    update: api.notificationChannel.update,
    id: channel !== null && channel !== 'new' ? channel.id : null,
    onSaved: props.onClose,
  });
  const type: ChannelType = Form.useWatch('type', form) ?? (channel && channel !== 'new' ? channel.type : 1);

  const firstOrgId = editableOrgs[0]?.id;
  useEffect(() => {
    if (channel === 'new') {
      // A channel edited before must not lend its name, settings or templates to a new one.
      form.resetFields();
      form.setFieldsValue({ type: 1, org_id: firstOrgId, secure: false });
    } else if (channel) {
      form.setFieldsValue({
        type: channel.type,
        name: channel.name,
        host: channel.host ?? '',
        port: channel.port,
        secure: channel.secure,
        username: channel.username ?? '',
        from_address: channel.from_address ?? '',
        phone_number_id: channel.phone_number_id ?? '',
        code_template: channel.code_template ?? '',
        code_template_language: channel.code_template_language ?? '',
        notice_template: channel.notice_template ?? '',
        notice_template_language: channel.notice_template_language ?? '',
        secret: '',
        app_secret: '',
      });
    }
  }, [channel, form, firstOrgId]);

  const submit = ({ type: chosen, org_id, ...values }: Values) =>
    save(isEdit ? values : { ...values, type: chosen, org_id });
  const existing = channel && channel !== 'new' ? channel : null;
  const masked = existing?.secret ?? null;

  return (
    <FormDrawer
      title={
        isEdit && channel !== 'new' && channel
          ? t('notifications.edit', { name: channel.name })
          : t('notifications.new')
      }
      isOpen={channel !== null}
      isEdit={isEdit}
      isSaving={isSaving}
      width={560}
      onClose={props.onClose}
      onSubmit={() => form.submit()}
    >
      <ContractForm form={form} onFinish={submit}>
        {!isEdit && editableOrgs.length > 1 && (
          <Form.Item name="org_id" label={t('fields.organization')}>
            <Select options={editableOrgs.map((org) => ({ value: org.id, label: org.name }))} />
          </Form.Item>
        )}
        <Row gutter={12}>
          <Col xs={24} sm={10}>
            <Form.Item name="type" label={t('notifications.type_label')}>
              <Select
                disabled={isEdit}
                options={CHANNEL_TYPE_CODES.map((code) => ({ value: code, label: t(`notifications.type.${code}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={14}>
            <Form.Item name="name" label={t('fields.name')}>
              <Input maxLength={120} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        {type === 2 && (
          <>
            <Row gutter={12}>
              <Col xs={16}>
                <Form.Item name="host" label={t('notifications.host')}>
                  <Input maxLength={253} autoComplete="off" placeholder="smtp.example.com" />
                </Form.Item>
              </Col>
              <Col xs={8}>
                <Form.Item name="port" label={t('notifications.port')}>
                  <InputNumber min={1} max={65535} precision={0} controls={false} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item
              name="secure"
              label={t('notifications.secure')}
              valuePropName="checked"
              extra={t('notifications.secure_hint')}
            >
              <Switch />
            </Form.Item>
            <Form.Item name="username" label={t('notifications.username')}>
              <Input maxLength={254} autoComplete="off" />
            </Form.Item>
            <Form.Item name="from_address" label={t('notifications.from_address')}>
              <Input maxLength={254} inputMode="email" autoComplete="off" />
            </Form.Item>
          </>
        )}
        {type === 3 && (
          <>
            <Form.Item name="phone_number_id" label={t('notifications.phone_number_id')}>
              <Input maxLength={30} inputMode="numeric" autoComplete="off" />
            </Form.Item>
            <TemplateFields kind="notice" />
            <TemplateFields kind="code" />
          </>
        )}
        <Form.Item
          name="secret"
          label={t(`notifications.secret.${type}`)}
          extra={masked ? t('notifications.secret_keep', { masked }) : t(`notifications.secret_hint.${type}`)}
        >
          <Input.Password maxLength={500} autoComplete="new-password" />
        </Form.Item>
        {type === 3 && (
          <Form.Item
            name="app_secret"
            label={t('notifications.app_secret')}
            extra={
              existing?.app_secret
                ? t('notifications.secret_keep', { masked: existing.app_secret })
                : t('notifications.app_secret_hint')
            }
          >
            <Input.Password maxLength={200} autoComplete="new-password" />
          </Form.Item>
        )}
        {existing?.webhook_url && (
          <Form.Item label={t('notifications.webhook_url')} extra={t('notifications.webhook_hint')}>
            <Typography.Text copyable>{existing.webhook_url}</Typography.Text>
            <div>
              {t('notifications.webhook_verify_token')}:{' '}
              <Typography.Text code copyable>
                {existing.webhook_verify_token}
              </Typography.Text>
            </div>
          </Form.Item>
        )}
      </ContractForm>
    </FormDrawer>
  );
}
