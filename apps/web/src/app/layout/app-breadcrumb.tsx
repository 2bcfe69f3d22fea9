import { matchRoute, ROUTES } from '@vitrina/contract';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

export function AppBreadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const leaf = matchRoute(ROUTES, pathname);
  if (!leaf) return null;
  const section = ROUTES.find((route) => route.children?.includes(leaf));
  const items = [section, leaf]
    .filter((route) => route !== undefined)
    .map((route) => ({ key: route.path, title: t(`menu.${route.title}`) }));
  return <Breadcrumb items={items} />;
}
