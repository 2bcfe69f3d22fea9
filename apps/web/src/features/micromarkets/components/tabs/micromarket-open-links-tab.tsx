import { CopyOutlined, QrcodeOutlined } from '@ant-design/icons';
import { api, OPEN_LINK_HOURS, type TOpenLink, translate } from '@vitrina/contract';
import { Alert, Button, Form, InputNumber, Modal, Select, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/load-error';
import { RowActions } from '../../../../components/row-actions';
import { useEndpoint, useEndpointMutation } from '../../../../lib/endpoint-query';
import type { FormValues } from '../../../../lib/form-values';
import { formatDateUtc } from '../../../../lib/format';
import { getMessage } from '../../../../lib/notify';
import { useLocale } from '../../../../lib/use-locale';
import { useInlineCreate } from '../use-inline-create';
import type { MicromarketTabProps } from './micromarket-tab-props';

/** A cleared hours box holds null; the body then leaves the hours out (the kind's default). */
type Values = Omit<FormValues<typeof api.openLink.create>, 'hours'> & { hours?: number | null };

/** The link as a QR code image; the encoder is loaded only when a code is shown. */
function useQrDataUrl(url: string | null) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    setDataUrl(null);
    if (!url) return;
    let isCurrent = true;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 264 }))
      .then((made) => {
        if (isCurrent) setDataUrl(made);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [url]);
  return dataUrl;
}

function QrModal({ link, onClose }: { link: TOpenLink | null; onClose: () => void }) {
  const { t } = useTranslation();
  const dataUrl = useQrDataUrl(link?.url ?? null);
  const copy = async () => {
    if (!link) return;
    await navigator.clipboard?.writeText(link.url).catch(() => undefined);
    getMessage().success(t('open.copied'));
  };
  return (
    <Modal open={link !== null} onCancel={onClose} footer={null} title={t('open.qr')} width={360} destroyOnHidden>
      {link && (
        <div style={{ textAlign: 'center' }}>
          <div style={{ width: 264, height: 264, margin: '0 auto 12px' }}>
            {dataUrl && (
              <img src={dataUrl} alt={t('open.qr_alt')} width={264} height={264} data-testid="open-link-qr" />
            )}
          </div>
          <Tag color={link.kind === 'courier' ? 'orange' : 'blue'}>{t(`open.kinds.${link.kind}`)}</Tag>
          <div style={{ wordBreak: 'break-all', margin: '8px 0', fontSize: 12 }} data-testid="open-link-url">
            {link.url}
          </div>
          <Button icon={<CopyOutlined />} onClick={copy}>
            {t('open.copy')}
          </Button>
          {dataUrl && (
            <Button
              href={dataUrl}
              download={`open-${link.kind}-${link.token.slice(0, 8)}.png`}
              style={{ marginLeft: 8 }}
            >
              PNG
            </Button>
          )}
        </div>
      )}
    </Modal>
  );
}

/** Links that open the door from a phone: a customer's until it expires, a courier's once. */
export function MicromarketOpenLinksTab({ micromarket, canEdit }: MicromarketTabProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const [shown, setShown] = useState<TOpenLink | null>(null);
  const links = useEndpoint(api.openLink.list, { params: { id: micromarket.id } }, { enabled: canEdit });
  const adding = useInlineCreate(api.openLink.create, {
    params: { id: micromarket.id },
    form,
    notice: false,
    isKeepingValues: true,
    onCreated: (link) => setShown(link),
  });
  const revoke = useEndpointMutation(api.openLink.revoke);
  const kind = Form.useWatch('kind', form) ?? 'courier';
  if (!canEdit) return <Alert type="info" showIcon title={translate('errors.forbidden', locale)} />;
  if (links.isError) return <LoadError onRetry={() => links.refetch()} />;

  const submit = (values: Values) =>
    adding.create({ kind: values.kind, ...(values.hours ? { hours: values.hours } : {}) });

  return (
    <>
      <Form
        form={form}
        layout="inline"
        onFinish={submit}
        className="inline-form"
        initialValues={{ kind: 'courier' as const }}
      >
        <Form.Item name="kind" label={t('open.kind')}>
          <Select
            style={{ width: 140 }}
            options={(['courier', 'customer'] as const).map((value) => ({ value, label: t(`open.kinds.${value}`) }))}
            onChange={() => form.setFieldValue('hours', null)}
          />
        </Form.Item>
        <Form.Item name="hours" label={t('open.hours')}>
          <InputNumber
            min={1}
            max={OPEN_LINK_HOURS[kind].max}
            placeholder={String(OPEN_LINK_HOURS[kind].default)}
            style={{ width: 110 }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={adding.isPending}>
          {t('open.create')}
        </Button>
      </Form>
      <Alert
        type="info"
        showIcon
        style={{ margin: '12px 0' }}
        title={t(kind === 'courier' ? 'open.courier_hint' : 'open.customer_hint')}
      />
      <Table<TOpenLink>
        rowKey="token"
        size="small"
        className="data-table"
        loading={links.isPending}
        dataSource={links.data?.items}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('open.empty') }}
        columns={[
          {
            key: 'kind',
            title: t('open.kind'),
            render: (_, link) => (
              <Tag color={link.kind === 'courier' ? 'orange' : 'blue'}>{t(`open.kinds.${link.kind}`)}</Tag>
            ),
          },
          { key: 'link', title: t('open.link'), render: (_, link) => <code>…{link.token.slice(-8)}</code> },
          { key: 'expires', title: t('open.expires'), render: (_, link) => formatDateUtc(link.expires_at) },
          { key: 'by', title: t('open.created_by'), render: (_, link) => link.created_by ?? '—' },
          {
            key: 'actions',
            title: '',
            render: (_, link) => (
              <RowActions
                actions={[
                  { key: 'qr', icon: <QrcodeOutlined />, text: t('open.qr'), onClick: () => setShown(link) },
                  {
                    key: 'revoke',
                    text: t('open.revoke'),
                    isDanger: true,
                    confirm: { title: t('open.revoke_confirm') },
                    onClick: () =>
                      revoke.mutate(
                        { body: { token: link.token } },
                        { onSuccess: () => getMessage().success(t('open.revoked')) },
                      ),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <QrModal link={shown} onClose={() => setShown(null)} />
    </>
  );
}
