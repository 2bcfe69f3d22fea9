import {
  ApartmentOutlined,
  AppstoreOutlined,
  BankOutlined,
  BellOutlined,
  BugOutlined,
  CarOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  FolderOutlined,
  NotificationOutlined,
  RocketOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** Icons named by the contract's route table; listed one by one so the bundle keeps only these. */
export const ROUTE_ICONS: Record<string, ComponentType> = {
  ApartmentOutlined,
  AppstoreOutlined,
  BankOutlined,
  BellOutlined,
  BugOutlined,
  CarOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  NotificationOutlined,
  RocketOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
};

export function RouteIcon({ name }: { name?: string }) {
  const Icon = (name && ROUTE_ICONS[name]) || FolderOutlined;
  return <Icon />;
}
