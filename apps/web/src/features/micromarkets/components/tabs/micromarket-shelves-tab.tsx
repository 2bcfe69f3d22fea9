import { AimOutlined, PlusOutlined } from '@ant-design/icons';
import { api, DEVICE_MAX_SHELVES, type TShelf, ZCreateShelf } from '@vitrina/contract';
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/load-error';
import { RowActions } from '../../../../components/row-actions';
import { useIsMobile } from '../../../../components/use-is-mobile';
import { useEndpoint, useEndpointMutation } from '../../../../lib/endpoint-query';
import { applyServerErrors } from '../../../../lib/form-errors';
import type { FormValues } from '../../../../lib/form-values';
import { formatDateUtc } from '../../../../lib/format';
import { getMessage } from '../../../../lib/notify';
import { useCan } from '../../../../lib/permissions';
import { useLocale } from '../../../../lib/use-locale';
import { parseForm } from '../../../../lib/zod-form';
import { OrgProductSelect } from '../org-product-select';
import { useDeviceCommand } from '../use-device-command';
import type { MicromarketTabProps } from './micromarket-tab-props';

type Values = Partial<FormValues<typeof api.micromarket.createShelf>>;
const grams = (value: number | null) => (value === null ? '—' : `${value.toLocaleString()} g`);

/** Shelves with their trackers and products; weights are the device's (calibration is a command). */
export function MicromarketShelvesTab({ micromarket, canEdit }: MicromarketTabProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const isMobile = useIsMobile();
  const shelves = useEndpoint(api.micromarket.shelves, { params: { id: micromarket.id } });
  const create = useEndpointMutation(api.micromarket.createShelf);
  const update = useEndpointMutation(api.micromarket.updateShelf);
  const remove = useEndpointMutation(api.micromarket.deleteShelf);
  const can = useCan();
  const canCalibrate = canEdit && can('send_device_commands') && micromarket.active;
  const command = useDeviceCommand(micromarket.id);
  const [editing, setEditing] = useState<TShelf | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const items = shelves.data?.items ?? [];

  useEffect(() => {
    if (editing === 'new') {
      form.setFieldsValue({
        number: Math.max(0, ...items.map((shelf) => shelf.number)) + 1,
        trackers: [],
        product_ids: [],
      });
    } else if (editing) {
      form.setFieldsValue({
        number: editing.number,
        name: editing.name ?? '',
        trackers: editing.trackers,
        product_ids: editing.products.map((product) => product.id),
      });
    }
  }, [editing, form, items]);

  if (shelves.isError) return <LoadError onRetry={() => shelves.refetch()} />;

  const submit = (values: Values) => {
    const body = parseForm({ schema: ZCreateShelf, values, form, locale, t });
    if (!body) return;
    const handlers = {
      onSuccess: () => {
        getMessage().success(t('common.saved'));
        setEditing(null);
      },
      onError: (error: unknown) => applyServerErrors(form, error),
    };
    if (editing === 'new') create.mutate({ params: { id: micromarket.id }, body }, handlers);
    else if (editing) update.mutate({ params: { id: editing.id }, body }, handlers);
  };

  return (
    <>
      {canEdit && (
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ marginBottom: 12 }}>
          {t('devices.shelves.add')}
        </Button>
      )}
      <Table<TShelf>
        rowKey="id"
        size="small"
        className="data-table"
        loading={shelves.isPending}
        dataSource={items}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('devices.shelves.empty') }}
        columns={[
          { key: 'number', dataIndex: 'number', title: '№', width: 56 },
          { key: 'name', title: t('fields.name'), render: (_, shelf) => shelf.name ?? '—' },
          {
            key: 'products',
            title: t('devices.shelves.products'),
            // The tags wrap within the column: in one line a well stocked shelf pushed the
            // weights and the Calibrate button out of the card at 1280 px.
            render: (_, shelf) => (
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, minWidth: 180, maxWidth: 340 }}>
                {shelf.products.map((product) => (
                  <Tag key={product.id} style={{ marginInlineEnd: 0 }}>
                    {product.name}
                  </Tag>
                ))}
              </div>
            ),
          },
          {
            key: 'trackers',
            title: t('devices.shelves.trackers'),
            render: (_, shelf) => (
              <div style={{ maxWidth: 200, overflowWrap: 'anywhere' }}>{shelf.trackers.join(', ') || '—'}</div>
            ),
          },
          { key: 'weight', title: t('devices.shelves.weight'), render: (_, shelf) => grams(shelf.weight_grams) },
          {
            key: 'calibrated',
            title: t('devices.shelves.calibrated_weight'),
            render: (_, shelf) =>
              shelf.calibrated_at
                ? `${grams(shelf.calibrated_weight_grams)} · ${formatDateUtc(shelf.calibrated_at)}`
                : grams(shelf.calibrated_weight_grams),
          },
          ...(canCalibrate
            ? [
                {
                  key: 'calibrate',
                  fixed: isMobile ? undefined : ('right' as const),
                  render: (_: unknown, shelf: TShelf) => (
                    <Popconfirm
                      title={t('fleet.commands.calibrate_confirm', { number: shelf.number })}
                      okText={t('fleet.commands.send')}
                      cancelText={t('actions.cancel')}
                      disabled={shelf.number > DEVICE_MAX_SHELVES}
                      onConfirm={() => command.run({ type: 'calibrate_shelf', shelf: shelf.number })}
                    >
                      <Button
                        size="small"
                        icon={<AimOutlined />}
                        disabled={shelf.number > DEVICE_MAX_SHELVES}
                        loading={command.isPending && command.pendingType === 'calibrate_shelf'}
                      >
                        {t('fleet.commands.calibrate')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  width: 88,
                  fixed: isMobile ? undefined : ('right' as const),
                  render: (_: unknown, shelf: TShelf) => (
                    <RowActions
                      edit={{
                        label: t('devices.shelves.edit', { number: shelf.number }),
                        onClick: () => setEditing(shelf),
                      }}
                      remove={{
                        label: t('devices.shelves.delete', { number: shelf.number }),
                        confirm: t('devices.shelves.delete_confirm', { number: shelf.number }),
                        onConfirm: () => remove.mutate({ params: { id: shelf.id } }),
                      }}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('devices.shelves.add') : t('devices.shelves.edit_title')}
        okText={editing === 'new' ? t('actions.create') : t('actions.save')}
        cancelText={t('actions.cancel')}
        onOk={form.submit}
        onCancel={() => setEditing(null)}
        confirmLoading={create.isPending || update.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
          <Space.Compact block>
            <Form.Item name="number" label={t('devices.shelves.number')} style={{ width: 120 }}>
              <InputNumber min={1} max={99} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="name" label={t('fields.name')} style={{ flex: 1 }}>
              <Input maxLength={80} />
            </Form.Item>
          </Space.Compact>
          <Form.Item name="trackers" label={t('devices.shelves.trackers')} extra={t('devices.shelves.trackers_hint')}>
            <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
          </Form.Item>
          <Form.Item name="product_ids" label={t('devices.shelves.products')}>
            <OrgProductSelect
              isMultiple
              orgId={micromarket.org_id}
              known={editing && editing !== 'new' ? editing.products : []}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
