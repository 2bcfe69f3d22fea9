import { DislikeOutlined, LikeOutlined } from '@ant-design/icons';
import type { PRODUCT_RATING_SORTS, TProductRating } from '@vitrina/contract';
import { Rate } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { Thumb } from '../../../components/thumb';

type Row = TProductRating['items'][number];
type RatingSort = (typeof PRODUCT_RATING_SORTS)[number];

/** The server ranks from the top only, so every sortable column sorts one way. */
const sortable = (
  sort: RatingSort | undefined,
  key: RatingSort,
): Pick<ColumnType<Row>, 'sorter' | 'sortDirections' | 'sortOrder'> => ({
  sorter: true,
  sortDirections: ['descend'],
  sortOrder: sort === key ? 'descend' : null,
});

export function buildRatingColumns({ t, sort }: { t: TFunction; sort: RatingSort | undefined }): ColumnsType<Row> {
  return [
    {
      key: 'thumb',
      title: <span className="visually-hidden">{t('products.image')}</span>,
      width: 56,
      render: (_, row) => <Thumb url={row.thumb_url} alt={row.name} />,
    },
    {
      key: 'name',
      title: t('fields.name'),
      render: (_, row) => <Link to={`/product/${row.product_id}`}>{row.name}</Link>,
    },
    { key: 'maker', title: t('fields.maker'), render: (_, row) => row.maker_name ?? '—' },
    {
      key: 'rating',
      title: t('products.rating'),
      ...sortable(sort, 'rating'),
      render: (_, row) =>
        row.rating === null ? (
          <span className="muted">{t('products.no_votes')}</span>
        ) : (
          <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
            <Rate disabled allowHalf value={Math.round(row.rating * 2) / 2} style={{ fontSize: 14 }} />
            <span>{row.rating.toFixed(1)}</span>
          </span>
        ),
    },
    { key: 'votes', title: t('products.votes'), align: 'right', dataIndex: 'votes', ...sortable(sort, 'votes') },
    {
      key: 'likes',
      title: t('products.likes'),
      align: 'right',
      ...sortable(sort, 'likes'),
      render: (_, row) => (
        <span style={{ color: '#389e0d' }}>
          <LikeOutlined aria-hidden /> {row.likes}
        </span>
      ),
    },
    {
      key: 'dislikes',
      title: t('products.dislikes'),
      align: 'right',
      ...sortable(sort, 'dislikes'),
      render: (_, row) => (
        <span style={{ color: '#cf1322' }}>
          <DislikeOutlined aria-hidden /> {row.dislikes}
        </span>
      ),
    },
  ];
}
