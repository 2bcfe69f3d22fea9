import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { TCategory } from '@vitrina/contract';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { RowActions } from '../../../components/row-actions';
import { childrenPath } from './category-paths';

type Options = {
  t: TFunction;
  canEdit: boolean;
  isCompact: boolean;
  isLastLevel: boolean;
  isFirst: (category: TCategory) => boolean;
  isLast: (category: TCategory) => boolean;
  onMove: (category: TCategory, step: -1 | 1) => void;
  onRename: (category: TCategory) => void;
  onDelete: (category: TCategory) => void;
};

export function buildCategoryColumns(options: Options): ColumnsType<TCategory> {
  const { t, canEdit, isCompact, isLastLevel } = options;
  const columns: ColumnsType<TCategory> = [
    {
      key: 'name',
      title: t('fields.name'),
      render: (_, category) => {
        const to = childrenPath(category);
        return to ? <Link to={to}>{category.name}</Link> : category.name;
      },
    },
    { key: 'products', title: t('categories.products_count'), align: 'right', dataIndex: 'products_count' },
  ];
  if (!isLastLevel) {
    columns.push({
      key: 'children',
      title: t('categories.children_count'),
      align: 'right',
      dataIndex: 'children_count',
    });
  }
  if (!canEdit) return columns;
  columns.unshift({
    key: 'order',
    title: t('categories.order'),
    width: 84,
    render: (_, category) => (
      <div style={{ display: 'flex', gap: 4 }}>
        <Button
          size="small"
          icon={<ArrowUpOutlined />}
          disabled={options.isFirst(category)}
          aria-label={t('categories.move_up', { name: category.name })}
          onClick={() => options.onMove(category, -1)}
        />
        <Button
          size="small"
          icon={<ArrowDownOutlined />}
          disabled={options.isLast(category)}
          aria-label={t('categories.move_down', { name: category.name })}
          onClick={() => options.onMove(category, 1)}
        />
      </div>
    ),
  });
  columns.push({
    key: 'actions',
    title: t('common.actions'),
    width: 96,
    fixed: isCompact ? undefined : 'right',
    render: (_, category) => (
      <RowActions
        edit={{ label: t('categories.rename', { name: category.name }), onClick: () => options.onRename(category) }}
        remove={{
          label: t('categories.delete', { name: category.name }),
          confirm: t('categories.delete_confirm', { name: category.name }),
          onConfirm: () => options.onDelete(category),
        }}
      />
    ),
  });
  return columns;
}
