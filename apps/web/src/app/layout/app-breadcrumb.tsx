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
  const titles = [section, leaf].filter((route) => route !== undefined).map((route) => t(`menu.${route.title}`));
  // A one-screen section is named like its screen; "Users / Users" says nothing twice.
  const items = [...new Set(titles)].map((title) => ({ key: title, title }));
  return <Breadcrumb items={items} />;
}
