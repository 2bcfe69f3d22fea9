import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLiveSearchParams } from '../../../lib/live-search-params';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';

/** The organisation in view (`?org_id=`, else the caller's own editable one) and a picker when there is a choice. */
export function useOrgChoice() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useLiveSearchParams();
  const organizations = useOrganizationOptions();
  const items = organizations.data?.items ?? [];
  const fromUrl = Number(searchParams.get('org_id'));
  const orgId =
    items.find((org) => org.id === fromUrl)?.id ?? (items.find((org) => org.access_level === 2) ?? items[0])?.id;
  const picker = items.length > 1 && (
    <Select
      aria-label={t('fields.organization')}
      style={{ minWidth: 220 }}
      showSearch={{ optionFilterProp: 'label' }}
      value={orgId}
      onChange={(id: number) => setSearchParams({ org_id: String(id) })}
      options={items.map((org) => ({ value: org.id, label: org.name }))}
    />
  );
  return { orgId, picker };
}
