import { ClearOutlined } from '@ant-design/icons';
import { USER_TYPE } from '@vitrina/contract';
import { Button, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { useRoleOptions } from '../../../lib/queries/role-options';
import type { TUsersQuery } from '../api/list-users';
import type { useUserQuery } from './use-user-query';

type Props = { query: TUsersQuery } & Pick<ReturnType<typeof useUserQuery>, 'update' | 'reset' | 'hasFilters'>;

export function UserFilters({ query, update, reset, hasFilters }: Props) {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const organizations = useOrganizationOptions();
  const [search, setSearch] = useState(query.q ?? '');
  useEffect(() => setSearch(query.q ?? ''), [query.q]);

  const select = { allowClear: true, className: 'list-filters__select', popupMatchSelectWidth: false } as const;
  return (
    <div className="list-filters">
      <Input.Search
        aria-label={t('users.search')}
        placeholder={t('users.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onSearch={(value) => update({ q: value.trim() || undefined })}
        allowClear
        className="list-filters__search"
      />
      <Select
        {...select}
        aria-label={t('fields.role')}
        placeholder={t('fields.role')}
        loading={roles.isPending}
        value={query.role_id}
        onChange={(value?: number) => update({ role_id: value })}
        options={roles.data?.items.map((role) => ({ value: role.id, label: role.name }))}
      />
      <Select
        {...select}
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('fields.organization')}
        placeholder={t('fields.organization')}
        loading={organizations.isPending}
        value={query.org_id}
        onChange={(value?: number) => update({ org_id: value })}
        options={organizations.data?.items.map((org) => ({ value: org.id, label: org.name }))}
      />
      <Select
        {...select}
        aria-label={t('fields.user_type')}
        placeholder={t('fields.user_type')}
        value={query.user_type}
        onChange={(value?: number) => update({ user_type: value })}
        options={USER_TYPE.map((type) => ({ value: type.code, label: t(`users.type.${type.key}`) }))}
      />
      <Select
        {...select}
        aria-label={t('fields.status')}
        placeholder={t('fields.status')}
        value={query.active === undefined ? undefined : String(query.active)}
        onChange={(value?: string) => update({ active: value })}
        options={[
          { value: 'true', label: t('users.status.active') },
          { value: 'false', label: t('users.status.disabled') },
        ]}
      />
      {hasFilters && (
        <Button icon={<ClearOutlined />} onClick={reset}>
          {t('actions.reset_filters')}
        </Button>
      )}
    </div>
  );
}
