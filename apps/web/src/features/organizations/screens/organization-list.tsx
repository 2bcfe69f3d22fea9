import { PlusOutlined } from '@ant-design/icons';
import { api, type TOrganization } from '@vitrina/contract';
import { Button, Card, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ExportMenu } from '../../../components/export-menu';
import { FILTER_SELECT, ResetFiltersButton, SearchFilter } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { useListQuery } from '../../../lib/list-query';
import { useMoney } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { OrganizationFormDrawer } from '../components/organization-form-drawer';
import { OrganizationTags } from '../components/organization-tags';

/** §2 `/organization/list`: the organisations the caller can see; the platform creates new ones. */
export default function OrganizationListScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const money = useMoney();
  const navigate = useNavigate();
  const { query, update, reset, hasFilters, result } = useListQuery(api.organization.list);
  const [isCreating, setIsCreating] = useState(false);

  const columns: ColumnsType<TOrganization> = [
    {
      key: 'name',
      title: t('fields.name'),
      render: (_, org) => (
        <div>
          <Link to={`/organization/${org.id}`} style={{ fontWeight: 500 }}>
            {org.name}
          </Link>
          <div style={{ marginTop: 2 }}>
            <OrganizationTags org={org} />
          </div>
        </div>
      ),
    },
    {
      key: 'parent',
      title: t('organizations.fields.parent'),
      responsive: ['md'],
      render: (_, org) => org.parent_name ?? '—',
    },
    {
      key: 'fiscal',
      title: t('organizations.fields.fiscal_number'),
      responsive: ['xl'],
      render: (_, org) => org.fiscal_number ?? '—',
    },
    {
      key: 'price',
      title: <span title={t('organizations.fields.subscription_price')}>{t('organizations.price_short')}</span>,
      align: 'right',
      render: (_, org) => <span style={{ whiteSpace: 'nowrap' }}>{money(org.subscription_price, org.currency)}</span>,
    },
    {
      key: 'contact',
      title: t('organizations.contacts'),
      responsive: ['xl'],
      render: (_, org) => (
        <div>
          <div>{org.contact_name ?? '—'}</div>
          <div className="muted">{[org.contact_phone, org.contact_email].filter(Boolean).join(' · ')}</div>
        </div>
      ),
    },
    {
      key: 'counts',
      title: t('organizations.counts'),
      responsive: ['md'],
      render: (_, org) =>
        t('organizations.counts_value', { users: org.users_count, micromarkets: org.micromarkets_count }),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('menu.organization_list')}
        extra={
          <>
            <ExportMenu endpoint={api.organization.export} query={query} name="organizations" />
            {can('edit_organizations') && can('view_all_organizations') && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsCreating(true)}>
                {t('organizations.new')}
              </Button>
            )}
          </>
        }
      />
      <Card variant="borderless" className="panel-card">
        <div className="list-filters">
          <SearchFilter label={t('organizations.search')} value={query.q} onSearch={(q) => update({ q })} />
          <Select
            {...FILTER_SELECT}
            aria-label={t('organizations.fields.type')}
            placeholder={t('organizations.fields.type')}
            value={query.type}
            onChange={(value?: 'main' | 'sub') => update({ type: value })}
            options={(['main', 'sub'] as const).map((value) => ({ value, label: t(`organizations.type.${value}`) }))}
          />
          <Select
            {...FILTER_SELECT}
            aria-label={t('fields.status')}
            placeholder={t('fields.status')}
            value={query.active === undefined ? undefined : String(query.active)}
            onChange={(value?: string) => update({ active: value })}
            options={[
              { value: 'true', label: t('organizations.active') },
              { value: 'false', label: t('organizations.inactive') },
            ]}
          />
          <ResetFiltersButton isVisible={hasFilters} onReset={reset} />
        </div>
        <PagedTable<TOrganization>
          rowKey="id"
          columns={columns}
          result={result}
          page={query.page}
          perPage={query.per_page}
          emptyText={t('organizations.empty')}
          hasFilters={hasFilters}
          onPageChange={update}
        />
      </Card>
      <OrganizationFormDrawer
        organization={isCreating ? 'new' : null}
        onClose={() => setIsCreating(false)}
        onSaved={(org) => navigate(`/organization/${org.id}`)}
      />
    </>
  );
}
