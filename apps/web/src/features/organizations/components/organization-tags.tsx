import type { TOrganization } from '@vitrina/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Main or sub, active or not, and view-only when the caller may not edit it. */
export function OrganizationTags({ org }: { org: TOrganization }) {
  const { t } = useTranslation();
  return (
    <>
      <Tag color={org.type === 'main' ? 'blue' : 'geekblue'}>{t(`organizations.type.${org.type}`)}</Tag>
      {!org.active && <Tag color="red">{t('organizations.inactive')}</Tag>}
      {org.access_level === 1 && <Tag>{t('organizations.view_only')}</Tag>}
    </>
  );
}
