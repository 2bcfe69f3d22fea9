import { type api, USER_TYPE } from '@vitrina/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FILTER_SELECT, OrganizationFilter, ResetFiltersButton, SearchFilter } from '../../../components/list-filters';
import type { useListQuery } from '../../../lib/list-query';
import { useRoleOptions } from '../../../lib/queries/role-options';

type ListState = ReturnType<typeof useListQuery<typeof api.user.list>>;
type Props = Pick<ListState, 'query' | 'update' | 'reset' | 'hasFilters'>;

export function UserFilters({ query, update, reset, hasFilters }: Props) {
  const { t } = useTranslation();
  const roles = useRoleOptions();

  return (
    <div className="list-filters">
      <SearchFilter label={t('users.search')} value={query.q} onSearch={(q) => update({ q })} />
      <Select
        {...FILTER_SELECT}
        aria-label={t('fields.role')}
        placeholder={t('fields.role')}
        loading={roles.isPending}
        value={query.role_id}
        onChange={(value?: number) => update({ role_id: value })}
        options={roles.data?.items.map((role) => ({ value: role.id, label: role.name }))}
      />
      <OrganizationFilter value={query.org_id} onChange={(orgId) => update({ org_id: orgId })} />
      <Select
        {...FILTER_SELECT}
        aria-label={t('fields.user_type')}
        placeholder={t('fields.user_type')}
        value={query.user_type}
        onChange={(value?: number) => update({ user_type: value })}
        options={USER_TYPE.map((type) => ({ value: type.code, label: t(`users.type.${type.key}`) }))}
      />
      <Select
        {...FILTER_SELECT}
        aria-label={t('fields.status')}
        placeholder={t('fields.status')}
        value={query.active === undefined ? undefined : String(query.active)}
        onChange={(value?: string) => update({ active: value })}
        options={[
          { value: 'true', label: t('users.status.active') },
          { value: 'false', label: t('users.status.disabled') },
        ]}
      />
      <ResetFiltersButton isVisible={hasFilters} onReset={reset} />
    </div>
  );
}
