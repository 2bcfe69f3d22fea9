import type { api } from '@vitrina/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FILTER_SELECT, OrganizationFilter, ResetFiltersButton, SearchFilter } from '../../../components/list-filters';
import type { useListQuery } from '../../../lib/list-query';
import { useRoleOptions } from '../../../lib/queries/role-options';
import type { UserView } from './user-columns';

type ListState = ReturnType<typeof useListQuery<typeof api.user.list>>;
type Props = Pick<ListState, 'query' | 'update' | 'reset' | 'hasFilters'> & { view: UserView };

export function UserFilters({ query, update, reset, hasFilters, view }: Props) {
  const { t } = useTranslation();
  const isEmployees = view === 'employees';
  // Customers hold no role: the picker is for employees only.
  const roles = useRoleOptions({ isEnabled: isEmployees });

  return (
    <div className="list-filters">
      <SearchFilter label={t('users.search')} value={query.q} onSearch={(q) => update({ q })} />
      {isEmployees && (
        <Select
          {...FILTER_SELECT}
          aria-label={t('fields.role')}
          placeholder={t('fields.role')}
          loading={roles.isPending}
          value={query.role_id}
          onChange={(value?: number) => update({ role_id: value })}
          options={roles.data?.items.map((role) => ({ value: role.id, label: role.name }))}
        />
      )}
      <OrganizationFilter value={query.org_id} onChange={(orgId) => update({ org_id: orgId })} />
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
