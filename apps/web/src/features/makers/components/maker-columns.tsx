import type { api, EndpointQuery, TMaker } from '@vitrina/contract';
import type { ColumnsType } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { RowActions } from '../../../components/row-actions';
import { sortOrderOf } from '../../../lib/list-query';

type Options = {
  t: TFunction;
  sort: EndpointQuery<typeof api.maker.list>['sort'];
  canEdit: boolean;
  isCompact: boolean;
  onEdit: (maker: TMaker) => void;
  onDelete: (maker: TMaker) => void;
};

const orDash = (value: string | null) => value || '—';

export function buildMakerColumns({ t, sort, canEdit, isCompact, onEdit, onDelete }: Options): ColumnsType<TMaker> {
  const columns: ColumnsType<TMaker> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('fields.name'),
      sorter: true,
      sortOrder: sortOrderOf(sort, 'name'),
      render: (name: string) => <strong style={{ fontWeight: 500 }}>{name}</strong>,
    },
    { key: 'country', title: t('makers.country'), render: (_, maker) => orDash(maker.country) },
    { key: 'contact_person', title: t('makers.contact_person'), render: (_, maker) => orDash(maker.contact_person) },
    {
      key: 'phone',
      title: t('makers.phone'),
      render: (_, maker) => (maker.phone ? <a href={`tel:${maker.phone}`}>{maker.phone}</a> : '—'),
    },
    {
      key: 'email',
      title: t('fields.email'),
      render: (_, maker) => (maker.email ? <a href={`mailto:${maker.email}`}>{maker.email}</a> : '—'),
    },
    {
      key: 'website',
      title: t('makers.website'),
      render: (_, maker) =>
        maker.website ? (
          <a href={maker.website} target="_blank" rel="noreferrer noopener">
            {maker.website.replace(/^https?:\/\//, '')}
          </a>
        ) : (
          '—'
        ),
    },
    {
      key: 'products_count',
      dataIndex: 'products_count',
      title: t('makers.products_count'),
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(sort, 'products_count'),
    },
  ];
  if (!canEdit) return columns;
  columns.push({
    key: 'actions',
    title: t('common.actions'),
    width: 96,
    fixed: isCompact ? undefined : 'right',
    render: (_, maker) => (
      <RowActions
        edit={{ label: t('makers.edit', { name: maker.name }), onClick: () => onEdit(maker) }}
        remove={{
          label: t('makers.delete', { name: maker.name }),
          confirm: t('makers.delete_confirm', { name: maker.name }),
          onConfirm: () => onDelete(maker),
        }}
      />
    ),
  });
  return columns;
}
