import { api, PRODUCT_RATING_SORTS, type TProductRating } from '@vitrina/contract';
import { Card, DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryTreeSelect } from '../../../components/category-tree-select';
import { OrganizationFilter, ResetFiltersButton } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { useListQuery } from '../../../lib/list-query';
import { buildRatingColumns } from '../components/rating-columns';

type Row = TProductRating['items'][number];
const DAY = 'YYYY-MM-DD';

/** The rating sorts one way only, so a column's key is its sort (no `-` for descending). */
const ratingSortOf = (key: unknown) => PRODUCT_RATING_SORTS.find((sort) => sort === key);

export default function ProductRatingScreen() {
  const { t } = useTranslation();
  const { query, update, reset, hasFilters, result: rating } = useListQuery(api.product.rating);
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
          <OrganizationFilter
            value={query.org_id}
            onChange={(orgId) => update({ org_id: orgId, category_id: undefined })}
          />
          <ResetFiltersButton isVisible={hasFilters} onReset={reset} />
        </div>
        <PagedTable<Row>
          rowKey="product_id"
          columns={columns}
          result={rating}
          page={query.page}
          perPage={query.per_page}
          emptyText={t('products.no_rating')}
          hasFilters={hasFilters}
          onPageChange={update}
          onSortChange={(sorter) =>
            update({ sort: sorter.order ? ratingSortOf(sorter.columnKey) : undefined, page: undefined })
          }
        />
      </Card>
    </>
  );
}
