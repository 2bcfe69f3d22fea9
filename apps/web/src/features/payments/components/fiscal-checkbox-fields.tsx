import { DEFAULT_SHIFT_CLOSE_TIME, type TFiscalSettings } from '@vitrina/contract';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Checkbox's part of the fiscal settings: the cashier who signs receipts (login and password,
 * or PIN; secrets shown masked, an empty field keeps the stored one), the register's default
 * tax groups and the daily shift close on the organisation's clock.
 */
export function FiscalCheckboxFields({ settings }: { settings: TFiscalSettings }) {
  const { t } = useTranslation();
  const stored = (masked: string | null) => (masked ? t('fiscal.stored_hint', { masked }) : undefined);
  return (
    <>
      <Form.Item name="cashier_login" label={t('fiscal.cashier_login')} extra={t('fiscal.cashier_hint')}>
        <Input autoComplete="off" maxLength={128} />
      </Form.Item>
      <Form.Item name="cashier_password" label={t('fiscal.cashier_password')} extra={stored(settings.cashier_password)}>
        <Input.Password autoComplete="new-password" placeholder={settings.cashier_password ?? ''} maxLength={128} />
      </Form.Item>
      <Form.Item name="cashier_pin" label={t('fiscal.cashier_pin')} extra={stored(settings.cashier_pin)}>
        <Input.Password
          autoComplete="off"
          inputMode="numeric"
          placeholder={settings.cashier_pin ?? ''}
          maxLength={16}
        />
      </Form.Item>
      <Form.Item name="tax_codes" label={t('fiscal.tax_codes')} extra={t('fiscal.tax_codes_hint')}>
        <Select mode="tags" maxCount={2} tokenSeparators={[',', ' ']} open={false} suffixIcon={null} />
      </Form.Item>
      <Form.Item name="shift_close_time" label={t('fiscal.shift_close_time')} extra={t('fiscal.shift_close_hint')}>
        <Input placeholder={DEFAULT_SHIFT_CLOSE_TIME} maxLength={5} style={{ width: 100 }} />
      </Form.Item>
    </>
  );
}
