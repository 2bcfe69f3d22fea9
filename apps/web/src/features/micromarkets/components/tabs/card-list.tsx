import { keepPreviousData, type UseQueryResult } from '@tanstack/react-query';
import type { api } from '@vitrina/contract';
import type { ColumnsType } from 'antd/es/table/interface';
import { PagedTable } from '../../../../components/paged-table';
import { endpointInput, useEndpoint } from '../../../../lib/endpoint-query';
import { useListUrl } from '../../../../lib/list-query';

type CardListEndpoint =
  | typeof api.micromarket.stock
  | typeof api.micromarket.writtenOff
  | typeof api.micromarket.events;

/**
 * A paged list inside the micromarket card: its page and filters live in the card's URL
 * next to `?tab=` (the card drops them when another tab opens), so a filtered tab can be linked.
 */
export function useCardList<E extends CardListEndpoint>(endpoint: E, micromarketId: number) {
  const state = useListUrl(endpoint);
  const result = useEndpoint(endpoint, endpointInput<E>({ params: { id: micromarketId }, query: state.query }), {
    placeholderData: keepPreviousData,
  });
  return { ...state, result };
}

type CardList<Row> = {
  query: { page: number; per_page: number };
  hasFilters: boolean;
  update: (change: { page: number | undefined; per_page: number | undefined }) => void;
  result: UseQueryResult<{ items: Row[]; total: number }>;
};

/** The table of such a list, paged through the URL. */
export function CardListTable<Row extends { id: number }>(props: {
  list: CardList<Row>;
  emptyText: string;
  columns: ColumnsType<Row>;
}) {
  const { list } = props;
  return (
    <PagedTable<Row>
      rowKey="id"
      size="small"
      result={list.result}
      page={list.query.page}
      perPage={list.query.per_page}
      hasFilters={list.hasFilters}
      emptyText={props.emptyText}
      onPageChange={list.update}
      columns={props.columns}
    />
  );
}
