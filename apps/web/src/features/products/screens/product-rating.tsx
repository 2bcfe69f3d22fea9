import { ClearOutlined } from '@ant-design/icons';
import type { TProductRating } from '@vitrina/contract';
import { Button, Card, DatePicker, Empty, Select, Table } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryTreeSelect } from '../../../components/category-tree-select';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { type RatingSort, useProductRating } from '../api/get-product-rating';
import { buildRatingColumns } from '../components/rating-columns';
import { useRatingQuery } from '../components/use-rating-query';

type Row = TProductRating['items'][number];
const DAY = 'YYYY-MM-DD';

export default function ProductRatingScreen() {
  const { t } = useTranslation();
  const { query, update, reset, hasFilters } = useRatingQuery();
  const rating = useProductRating(query);
  const organizations = useOrganizationOptions();
  const columns = useMemo(() => buildRatingColumns({ t, sort: query.sort }), [t, query.sort]);

  return (
    <>
      <PageHeader title={t('menu.product_rating')} />
      <Card variant="borderless" className="panel-card">
        <div className="list-filters">
          <DatePicker.RangePicker
            aria-label={t('products.period')}
            className="list-filters__search"
            value={[query.from ? dayjs(query.from) : null, query.to ? dayjs(query.to) : null]}
            allowEmpty={[true, true]}
            onChange={(range) =>
              update({ from: range?.[0]?.format(DAY) ?? undefined, to: range?.[1]?.format(DAY) ?? undefined })
            }
          />
          <CategoryTreeSelect
            className="list-filters__select"
            aria-label={t('fields.category')}
            orgId={query.org_id}
            value={query.category_id}
            onChange={(value) => update({ category_id: value })}
          />
          {(organizations.data?.items.length ?? 0) > 1 && (
            <Select
              allowClear
              className="list-filters__select"
              aria-label={t('fields.organization')}
              placeholder={t('fields.organization')}
              value={query.org_id}
              onChange={(value?: number) => update({ org_id: value, category_id: undefined })}
              options={organizations.data?.items.map((org) => ({ value: org.id, label: org.name }))}
              popupMatchSelectWidth={false}
            />
          )}
          {hasFilters && (
            <Button icon={<ClearOutlined />} onClick={reset}>
              {t('actions.reset_filters')}
            </Button>
          )}
        </div>
        {rating.isError ? (
          <LoadError onRetry={() => rating.refetch()} />
        ) : (
          <Table<Row>
            rowKey="product_id"
            columns={columns}
            dataSource={rating.data?.items}
            loading={rating.isFetching}
            className="data-table"
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: rating.isPending ? (
                ' '
              ) : (
                <Empty description={hasFilters ? t('common.nothing_found') : t('products.no_rating')} />
              ),
            }}
            pagination={{
              current: query.page,
              pageSize: query.per_page,
              total: rating.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('common.total', { count: total }),
            }}
            onChange={(pagination, _filters, sorter, extra) => {
              if (extra.action === 'sort') {
                const first = Array.isArray(sorter) ? sorter[0] : sorter;
                const sort = first?.order ? (first.columnKey as RatingSort) : undefined;
                update({ sort, page: undefined });
                return;
              }
              update({ page: pagination.current, per_page: pagination.pageSize });
            }}
          />
        )}
      </Card>
    </>
  );
}
