import { PlusOutlined } from '@ant-design/icons';
import { api, type TPriceTag, ZCreatePriceTag } from '@vitrina/contract';
import { Button, Form, Input, Modal, Select, Table, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/load-error';
import { RowActions } from '../../../../components/row-actions';
import { useEndpoint, useEndpointMutation } from '../../../../lib/endpoint-query';
import { applyServerErrors } from '../../../../lib/form-errors';
import type { FormValues } from '../../../../lib/form-values';
import { formatMoney } from '../../../../lib/money';
import { getMessage } from '../../../../lib/notify';
import { useLocale } from '../../../../lib/use-locale';
import { parseForm } from '../../../../lib/zod-form';
import { OrgProductSelect } from '../org-product-select';
import type { MicromarketTabProps } from './micromarket-tab-props';

type Values = Partial<FormValues<typeof api.micromarket.createPriceTag>>;

/** Electronic labels: what each shows against what the customer pays now (sync is a device command). */
export function MicromarketPriceTagsTab({ micromarket, canEdit, currency }: MicromarketTabProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const tags = useEndpoint(api.micromarket.priceTags, { params: { id: micromarket.id } });
  const shelves = useEndpoint(api.micromarket.shelves, { params: { id: micromarket.id } });
  const create = useEndpointMutation(api.micromarket.createPriceTag);
  const update = useEndpointMutation(api.micromarket.updatePriceTag);
  const remove = useEndpointMutation(api.micromarket.deletePriceTag);
  const [editing, setEditing] = useState<TPriceTag | 'new' | null>(null);
  const money = (minor: number | null) => (minor === null ? '—' : formatMoney(minor, { currency, locale }));

  useEffect(() => {
    if (editing && editing !== 'new') {
      form.setFieldsValue({
        label_code: editing.label_code,
        shelf_id: editing.shelf_id,
        product_id: editing.product_id,
      });
    }
  }, [editing, form]);
  if (tags.isError) return <LoadError onRetry={() => tags.refetch()} />;

  const submit = (values: Values) => {
    const input = { ...values, shelf_id: values.shelf_id ?? null, product_id: values.product_id ?? null };
    const body = parseForm({ schema: ZCreatePriceTag, values: input, form, locale, t });
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

  const known =
    editing && editing !== 'new' && editing.product_id !== null
      ? [{ id: editing.product_id, name: editing.product_name ?? '' }]
      : [];

  return (
    <>
      {canEdit && (
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ marginBottom: 12 }}>
          {t('devices.price_tags.add')}
        </Button>
      )}
      <Table<TPriceTag>
        rowKey="id"
        size="small"
        className="data-table"
        loading={tags.isPending}
        dataSource={tags.data?.items}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('devices.price_tags.empty') }}
        columns={[
          { key: 'label_code', dataIndex: 'label_code', title: t('devices.price_tags.label_code') },
          { key: 'shelf', title: t('devices.price_tags.shelf'), render: (_, row) => row.shelf_number ?? '—' },
          { key: 'product', title: t('fields.product'), render: (_, row) => row.product_name ?? '—' },
          {
            key: 'shown',
            title: t('devices.price_tags.shown_price'),
            align: 'right',
            render: (_, row) => money(row.shown_price),
          },
          {
            key: 'current',
            title: t('devices.price_tags.current_price'),
            align: 'right',
            render: (_, row) =>
              row.is_outdated ? (
                <Tooltip title={t('devices.price_tags.outdated_hint')}>
                  <Tag color="warning">{money(row.current_price)}</Tag>
                </Tooltip>
              ) : (
                money(row.current_price)
              ),
          },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  width: 88,
                  render: (_: unknown, row: TPriceTag) => (
                    <RowActions
                      edit={{
                        label: t('devices.price_tags.edit', { code: row.label_code }),
                        onClick: () => setEditing(row),
                      }}
                      remove={{
                        label: t('actions.delete'),
                        confirm: t('devices.price_tags.delete_confirm', { code: row.label_code }),
                        onConfirm: () => remove.mutate({ params: { id: row.id } }),
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
        title={editing === 'new' ? t('devices.price_tags.add') : t('devices.price_tags.edit_title')}
        okText={editing === 'new' ? t('actions.create') : t('actions.save')}
        cancelText={t('actions.cancel')}
        onOk={form.submit}
        onCancel={() => setEditing(null)}
        confirmLoading={create.isPending || update.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
          <Form.Item name="label_code" label={t('devices.price_tags.label_code')} required>
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
          <Form.Item name="shelf_id" label={t('devices.price_tags.shelf')}>
            <Select
              allowClear
              options={(shelves.data?.items ?? []).map((shelf) => ({
                value: shelf.id,
                label: shelf.name ? `${shelf.number} · ${shelf.name}` : String(shelf.number),
              }))}
            />
          </Form.Item>
          <Form.Item name="product_id" label={t('fields.product')}>
            <OrgProductSelect orgId={micromarket.org_id} known={known} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
