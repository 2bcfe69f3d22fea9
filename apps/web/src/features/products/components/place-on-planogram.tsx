import { AppstoreAddOutlined } from '@ant-design/icons';
import type { TProduct } from '@vitrina/contract';
import { Button, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMicromarketOptions } from '../../../lib/queries/micromarket-options';

/**
 * "Place on a planogram": the user picks one of the product's organisation's micromarkets,
 * and its planogram editor opens on the active template with the product ready to place.
 */
export function PlaceOnPlanogram({ product }: { product: TProduct }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const [micromarketId, setMicromarketId] = useState<number | undefined>();
  const micromarkets = useMicromarketOptions();
  const options = (micromarkets.data?.items ?? [])
    .filter((item) => item.org_id === product.org_id)
    .map((item) => ({ value: item.id, label: item.address ? `${item.name} · ${item.address}` : item.name }));
  const go = () => {
    if (micromarketId === undefined) return;
    setIsOpen(false);
    navigate(`/device/${micromarketId}?tab=planogram&place=${product.id}`);
  };
  return (
    <>
      <Button icon={<AppstoreAddOutlined />} onClick={() => setIsOpen(true)}>
        {t('products.place_on_planogram')}
      </Button>
      <Modal
        open={isOpen}
        title={t('products.place_title', { name: product.name })}
        okText={t('products.place_open')}
        cancelText={t('actions.cancel')}
        okButtonProps={{ disabled: micromarketId === undefined }}
        onOk={go}
        onCancel={() => setIsOpen(false)}
      >
        <p>{t('products.place_hint')}</p>
        <Form layout="vertical">
          <Form.Item label={t('fields.micromarket')}>
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              aria-label={t('fields.micromarket')}
              placeholder={t('products.place_choose')}
              loading={micromarkets.isPending}
              value={micromarketId}
              onChange={setMicromarketId}
              options={options}
              notFoundContent={t('products.place_none')}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
