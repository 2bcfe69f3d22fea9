import {
  api,
  type MicromarketSettingKey,
  ORDER_PAYMENT_MODES,
  type TMicromarketSettings,
  ZMicromarketSettings,
} from '@vitrina/contract';
import { Button, Card, Col, Form, Input, InputNumber, Row, Select, Skeleton, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/load-error';
import { useEndpoint, useEndpointMutation } from '../../../../lib/endpoint-query';
import { applyServerErrors, clearErrorsOnChange } from '../../../../lib/form-errors';
import type { FormValues } from '../../../../lib/form-values';
import { fromMinor, toMinor } from '../../../../lib/money';
import { getMessage } from '../../../../lib/notify';
import { useLocale } from '../../../../lib/use-locale';
import { parseForm } from '../../../../lib/zod-form';
import type { MicromarketTabProps } from './micromarket-tab-props';

type Toggle = Exclude<
  MicromarketSettingKey,
  'hold_amount' | 'test_amount' | 'active_from' | 'active_to' | 'order_payment_mode'
>;
/** The form holds amounts in major units; the wire carries minor units. */
/** The form holds every setting, as loaded, and the amounts in major units; the wire carries minor units. */
type Values = Required<Omit<FormValues<typeof api.micromarket.updateSettings>, 'hold_amount' | 'test_amount'>> & {
  hold_amount: number | null;
  test_amount: number | null;
};

const GROUPS: { title: string; toggles: Toggle[] }[] = [
  {
    title: 'payment',
    toggles: [
      'payment_rfid',
      'payment_scales',
      'payment_scales_rfid_check',
      'payment_neuro',
      'payment_coffee_machine',
      'payment_barcode',
    ],
  },
  {
    title: 'operation',
    toggles: [
      'fiscal_receipts',
      'manual_check_mode',
      'live_weight_mode',
      'rescan_if_zero',
      'align_tag_expiry',
      'charity_mode',
      'on_maintenance',
      'hide_from_ai',
      'interacts_with_animation',
    ],
  },
  {
    title: 'customers',
    toggles: [
      'available_for_orders',
      'available_for_subscription',
      'telegram_notifications',
      'redirect_to_web_payment',
    ],
  },
];

const TOGGLE_ROW = {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: 12,
  padding: '6px 0',
} as const;

const toValues = (settings: TMicromarketSettings): Values => ({
  ...settings,
  hold_amount: settings.hold_amount === null ? null : fromMinor(settings.hold_amount),
  test_amount: settings.test_amount === null ? null : fromMinor(settings.test_amount),
});

/** A dependent field is sent only while its toggle is on; otherwise it is cleared. */
function toSettings(values: Values) {
  const minor = (isOn: boolean, amount: number | null | undefined) =>
    isOn && amount !== null && amount !== undefined ? toMinor(amount) : null;
  const clock = (isOn: boolean, value: string | null | undefined) => (isOn ? value?.trim() || null : null);
  return {
    ...values,
    hold_amount: minor(values.hold_enabled, values.hold_amount),
    test_amount: minor(values.test_mode, values.test_amount),
    active_from: clock(!values.always_open, values.active_from),
    active_to: clock(!values.always_open, values.active_to),
  };
}

export function MicromarketSettingsTab({ micromarket, canEdit }: MicromarketTabProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const settings = useEndpoint(api.micromarket.settings, { params: { id: micromarket.id } });
  const save = useEndpointMutation(api.micromarket.updateSettings);
  const isHold = Form.useWatch('hold_enabled', form);
  const isTest = Form.useWatch('test_mode', form);
  const isAlwaysOpen = Form.useWatch('always_open', form);

  useEffect(() => {
    if (settings.data) form.setFieldsValue(toValues(settings.data));
  }, [settings.data, form]);

  if (settings.isError) return <LoadError onRetry={() => settings.refetch()} />;
  if (settings.isPending) return <Skeleton active />;

  const submit = (values: Values) => {
    const body = parseForm({ schema: ZMicromarketSettings, values: toSettings(values), form, locale, t });
    if (!body) return;
    save.mutate(
      { params: { id: micromarket.id }, body },
      {
        onSuccess: () => getMessage().success(t('common.saved')),
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };

  // Label and switch on one line, so a group of toggles reads as a list.
  const toggle = (name: Toggle) => (
    <div key={name} style={TOGGLE_ROW}>
      <span>{t(`devices.settings.${name}`)}</span>
      <Form.Item name={name} valuePropName="checked" noStyle>
        <Switch aria-label={t(`devices.settings.${name}`)} size="small" />
      </Form.Item>
    </div>
  );
  const amount = (name: 'hold_amount' | 'test_amount', isOn: boolean) => (
    <Form.Item name={name} label={t(`devices.settings.${name}`)} hidden={!isOn} style={{ marginTop: 8 }}>
      <InputNumber min={0} precision={2} style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <Form
      form={form}
      layout="vertical"
      disabled={!canEdit}
      onFinish={submit}
      onValuesChange={clearErrorsOnChange(form)}
      className="device-settings"
    >
      <Row gutter={[16, 16]}>
        {GROUPS.map((group) => (
          <Col xs={24} lg={8} key={group.title}>
            <Card size="small" title={t(`devices.settings.groups.${group.title}`)}>
              {group.toggles.map(toggle)}
              {group.title === 'customers' && (
                <Form.Item name="order_payment_mode" label={t('devices.settings.order_payment_mode')}>
                  <Select
                    options={ORDER_PAYMENT_MODES.map((mode) => ({
                      value: mode,
                      label: t(`devices.settings.order_payment_modes.${mode}`),
                    }))}
                  />
                </Form.Item>
              )}
            </Card>
          </Col>
        ))}
        <Col xs={24} lg={8}>
          <Card size="small" title={t('devices.settings.groups.hold')}>
            {toggle('hold_enabled')}
            {amount('hold_amount', isHold === true)}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" title={t('devices.settings.groups.test')}>
            {toggle('test_mode')}
            {amount('test_amount', isTest === true)}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" title={t('devices.settings.groups.schedule')}>
            {toggle('always_open')}
            <Row gutter={12} style={{ display: isAlwaysOpen === false ? undefined : 'none' }}>
              <Col span={12}>
                <Form.Item name="active_from" label={t('devices.settings.active_from')}>
                  <Input placeholder="08:00" maxLength={5} inputMode="numeric" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="active_to" label={t('devices.settings.active_to')}>
                  <Input placeholder="22:00" maxLength={5} inputMode="numeric" />
                </Form.Item>
              </Col>
            </Row>
          </Card>
        </Col>
      </Row>
      {canEdit && (
        <div style={{ marginTop: 16, display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('actions.save')}
          </Button>
        </div>
      )}
    </Form>
  );
}
