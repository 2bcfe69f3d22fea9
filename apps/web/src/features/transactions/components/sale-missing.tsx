import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function SaleMissing() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('transactions.not_found')}
      extra={<Link to="/device/transaction">{t('transactions.back_to_list')}</Link>}
    />
  );
}
