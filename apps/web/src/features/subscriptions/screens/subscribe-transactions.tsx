import { api } from '@vitrina/contract';
import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useEndpoint } from '../../../lib/endpoint-query';
import { PaymentsTable } from '../components/payments-table';

/** `/device/subscribe/transactions`: every subscription payment the caller may see, newest first. */
export default function SubscribeTransactionsScreen() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useEndpoint(api.subscription.payments, { query: { page, per_page: 20 } });
  return (
    <>
      <PageHeader title={t('menu.subscribe_transactions')} />
      <Card>
        {list.isError ? (
          <LoadError onRetry={() => void list.refetch()} />
        ) : (
          <PaymentsTable
            items={list.data?.items ?? []}
            total={list.data?.total ?? 0}
            page={page}
            isLoading={list.isLoading}
            onPage={setPage}
          />
        )}
      </Card>
    </>
  );
}
