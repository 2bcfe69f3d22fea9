import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildCategoryNodes, useCategoryTree } from '../lib/queries/category-tree';

type Props = {
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  orgId?: number;
  className?: string;
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
};

/** Any of the three category levels can be picked; a parent stands for everything below it. */
export function CategoryTreeSelect({ value, onChange, orgId, className, id, placeholder, ...rest }: Props) {
  const { t } = useTranslation();
  const tree = useCategoryTree(orgId);
  const nodes = useMemo(() => buildCategoryNodes(tree.data?.items ?? []), [tree.data]);
  return (
    <TreeSelect<number>
      id={id}
      aria-label={rest['aria-label']}
      className={className}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? undefined)}
      treeData={nodes}
      loading={tree.isPending}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll={false}
      placeholder={placeholder ?? t('fields.category')}
      popupMatchSelectWidth={false}
      notFoundContent={t('common.empty')}
    />
  );
}
