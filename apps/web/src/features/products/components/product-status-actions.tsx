import { api, PRODUCT_TRANSITIONS, type TProduct } from '@vitrina/contract';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { getMessage } from '../../../lib/notify';
import { PRODUCT_CHANGE_REFRESHES } from './product-refreshes';

/** The moves the product's state machine allows from its current status. */
export function ProductStatusActions({ product }: { product: TProduct }) {
  const { t } = useTranslation();
  const change = useEndpointMutation(api.product.status, { alsoInvalidates: PRODUCT_CHANGE_REFRESHES });
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {PRODUCT_TRANSITIONS[product.status].map((status) => (
        <Popconfirm
          key={status}
          title={t('products.status_confirm', { status: t(`catalogue.product_status.${status}`) })}
          okText={t('products.make_status', { status: t(`catalogue.product_status.${status}`) })}
          cancelText={t('actions.cancel')}
          onConfirm={() =>
            change.mutate(
              { body: { ids: [product.id], status } },
              { onSuccess: () => getMessage().success(t('products.status_changed', { count: 1 })) },
            )
          }
        >
          <Button danger={status === 'archived'} loading={change.isPending && change.variables?.body.status === status}>
            {t('products.make_status', { status: t(`catalogue.product_status.${status}`) })}
          </Button>
        </Popconfirm>
      ))}
    </div>
  );
}
