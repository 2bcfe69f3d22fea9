import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PaymentsList } from '../components/payments-table';

/** `/device/subscribe/transactions`: every subscription payment the caller may see, newest first. */
export default function SubscribeTransactionsScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('menu.subscribe_transactions')} />
      <Card>
        <PaymentsList />
      </Card>
    </>
  );
}
