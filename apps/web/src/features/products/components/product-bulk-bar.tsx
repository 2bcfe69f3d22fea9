import { CopyOutlined, DownOutlined } from '@ant-design/icons';
import { PRODUCT_STATUSES, type ProductStatus } from '@vitrina/contract';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = {
  count: number;
  canEdit: boolean;
  canCopy: boolean;
  isBusy: boolean;
  onStatus: (status: ProductStatus) => void;
  onCopy: () => void;
  onClear: () => void;
};

/** Actions over the selected rows; shown only while something is selected. */
export function ProductBulkBar({ count, canEdit, canCopy, isBusy, onStatus, onCopy, onClear }: Props) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <div className="bulk-bar" role="toolbar" aria-label={t('products.bulk_actions')}>
      <span>{t('products.selected', { count })}</span>
      {canEdit && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: PRODUCT_STATUSES.map((status) => ({ key: status, label: t(`catalogue.product_status.${status}`) })),
            onClick: ({ key }) => onStatus(key as ProductStatus),
          }}
        >
          <Button loading={isBusy}>
            {t('products.change_status')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
      {canCopy && (
        <Button icon={<CopyOutlined />} onClick={onCopy}>
          {t('products.copy_to_organizations')}
        </Button>
      )}
      <Button type="link" onClick={onClear}>
        {t('products.clear_selection')}
      </Button>
    </div>
  );
}
