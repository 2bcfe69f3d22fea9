import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { api, EndpointQuery, TMaker } from '@vitrina/contract';
import { Button, Popconfirm } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
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
      <div style={{ display: 'flex', gap: 4 }}>
        <Button
          size="small"
          icon={<EditOutlined />}
          aria-label={t('makers.edit', { name: maker.name })}
          onClick={() => onEdit(maker)}
        />
        <Popconfirm
          title={t('makers.delete_confirm', { name: maker.name })}
          okText={t('actions.delete')}
          cancelText={t('actions.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => onDelete(maker)}
        >
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('makers.delete', { name: maker.name })} />
        </Popconfirm>
      </div>
    ),
  });
  return columns;
}
