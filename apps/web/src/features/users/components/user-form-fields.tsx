import { LOCALE_NAMES, LOCALES, USER_TYPE } from '@vitrina/contract';
import { Alert, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { useRoleOptions } from '../../../lib/queries/role-options';

export type UserFormValues = {
  name: string;
  email: string;
  phones: string[];
  user_type: 1 | 2;
  role_id?: number;
  org_id?: number;
  push_limit_important: number;
  push_limit_unimportant: number;
  lang: (typeof LOCALES)[number];
  invite: boolean;
  active: boolean;
  password?: string;
};

export function UserFormFields({ isEdit }: { isEdit: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<UserFormValues>();
  const organizations = useOrganizationOptions();
  const orgId = Form.useWatch('org_id', form);
  // A role of an organisation fits only its own users: the picker waits for the organisation.
  const roles = useRoleOptions({ orgId, isEnabled: orgId !== undefined });
  const isInvite = Form.useWatch('invite') as boolean | undefined;
  const isCustomer = Form.useWatch('user_type', form) === 1;

  /** Moving the user to another organisation drops a role of the old one (the server would refuse it). */
  const changeOrg = (nextOrgId: number) => {
    const roleId = form.getFieldValue('role_id');
    const role = roles.data?.items.find((item) => item.id === roleId);
    if (role && role.org_id !== null && role.org_id !== nextOrgId) form.setFieldValue('role_id', undefined);
  };
  const editableOrgs = organizations.data?.items.filter((org) => org.access_level === 2);

  return (
    <>
      <Form.Item name="name" label={t('fields.name')} required>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="email" label={t('fields.email')} required>
        <Input autoComplete="off" inputMode="email" />
      </Form.Item>
      <Form.Item name="phones" label={t('fields.phones')} extra={t('users.phones_hint')}>
        <Select mode="tags" open={false} tokenSeparators={[',', ';']} placeholder="+380501234567" />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="user_type" label={t('fields.user_type')} required>
            <Select
              options={USER_TYPE.map((type) => ({ value: type.code, label: t(`users.type.${type.key}`) }))}
              onChange={(type: number) => type === 1 && form.setFieldValue('role_id', undefined)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="lang" label={t('fields.language')} required>
            <Select options={LOCALES.map((code) => ({ value: code, label: LOCALE_NAMES[code] }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="org_id" label={t('fields.organization')} required>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={organizations.isPending}
          options={editableOrgs?.map((org) => ({ value: org.id, label: org.name }))}
          onChange={changeOrg}
        />
      </Form.Item>
      {isCustomer ? (
        <Alert type="info" showIcon message={t('users.customer_hint')} style={{ marginBottom: 16 }} />
      ) : (
        <Form.Item
          name="role_id"
          label={t('fields.role')}
          extra={orgId === undefined ? t('users.role_after_org') : undefined}
        >
          <Select
            allowClear
            disabled={orgId === undefined}
            loading={orgId !== undefined && roles.isPending}
            options={roles.data?.items.map((role) => ({ value: role.id, label: role.name }))}
          />
        </Form.Item>
      )}
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="push_limit_important" label={t('users.push_important')} extra={t('users.per_month')}>
            <InputNumber min={0} max={1000} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="push_limit_unimportant" label={t('users.push_unimportant')} extra={t('users.per_month')}>
            <InputNumber min={0} max={1000} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      {isEdit ? (
        <>
          <Form.Item name="active" label={t('users.status.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {!isCustomer && (
            <Form.Item name="password" label={t('fields.new_password')} extra={t('users.new_password_hint')}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          )}
        </>
      ) : isCustomer ? null : (
        <>
          <Form.Item
            name="invite"
            label={t('users.invite_by_email')}
            valuePropName="checked"
            extra={t('users.invite_hint')}
          >
            <Switch />
          </Form.Item>
          {!isInvite && (
            <Form.Item name="password" label={t('fields.password')} required extra={t('auth.password_hint')}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          )}
        </>
      )}
    </>
  );
}
