import type { TTag } from '@vitrina/contract';
import { Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { TagStatusTag } from '../../../components/catalogue-tags';
import { formatDateUtc } from '../../../lib/format';
import { expiryOf } from './expiry';

const EXPIRY_COLORS = { expired: '#cf1322', expiring: '#d46b08', fresh: undefined } as const;

export function buildTagColumns({ t }: { t: TFunction }): ColumnsType<TTag> {
  return [
    {
      key: 'code',
      title: t('tags.code'),
      render: (_, tag) => <code style={{ fontSize: 12 }}>{tag.code}</code>,
    },
    {
      key: 'product',
      title: t('fields.product'),
      render: (_, tag) => <Link to={`/product/${tag.product_id}`}>{tag.product_name}</Link>,
    },
    { key: 'micromarket', title: t('fields.micromarket'), render: (_, tag) => tag.micromarket_name ?? '—' },
    { key: 'status', title: t('fields.status'), render: (_, tag) => <TagStatusTag status={tag.status} /> },
    {
      key: 'store_up_to',
      title: t('catalogue.store_up_to'),
      render: (_, tag) => {
        const state = expiryOf(tag);
        const text = formatDateUtc(tag.store_up_to);
        if (state === 'fresh') return text;
        return (
          <Tooltip title={t(`tags.expiry.${state}`)}>
            <span style={{ color: EXPIRY_COLORS[state], fontWeight: 500 }}>{text}</span>
          </Tooltip>
        );
      },
    },
    {
      key: 'batch',
      title: t('catalogue.batch'),
      render: (_, tag) =>
        tag.batch_id ? <Link to={`/product/tags?batch_id=${tag.batch_id}`}>{`#${tag.batch_id}`}</Link> : '—',
    },
    { key: 'reason', title: t('tags.reason'), render: (_, tag) => tag.reason ?? '—' },
    { key: 'created_at', title: t('fields.created'), render: (_, tag) => formatDateUtc(tag.created_at) },
  ];
}
