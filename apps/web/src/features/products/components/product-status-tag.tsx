import type { ProductStatus } from '@vitrina/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ProductStatus, string> = { active: 'green', inactive: 'default', archived: 'orange' };

export function ProductStatusTag({ status }: { status: ProductStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`catalogue.product_status.${status}`)}</Tag>;
}
