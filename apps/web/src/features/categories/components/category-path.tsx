import type { TCategoryInfo } from '@vitrina/contract';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CATEGORY_ROOT_PATH, childrenPath } from './category-paths';

/** The way down to the current category: every step links back to its level. */
export function CategoryPath({ category }: { category: TCategoryInfo | undefined }) {
  const { t } = useTranslation();
  const path = category?.path ?? [];
  const items = [
    { key: 'root', title: <Link to={CATEGORY_ROOT_PATH}>{t('categories.all')}</Link> },
    ...path.map((step, index) => {
      const to = childrenPath(step);
      const isLast = index === path.length - 1;
      return { key: String(step.id), title: isLast || !to ? step.name : <Link to={to}>{step.name}</Link> };
    }),
  ];
  return <Breadcrumb items={items} style={{ marginBottom: 12 }} aria-label={t('categories.path')} />;
}
