import { EditOutlined } from '@ant-design/icons';
import { api } from '@vitrina/contract';
import { Button, Card, Descriptions, Popconfirm, Result, Skeleton, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-error';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { useLiveSearchParams } from '../../../lib/live-search-params';
import { useMoney } from '../../../lib/money';
import { getMessage } from '../../../lib/notify';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session-context';
import { OrganizationFormDrawer } from '../components/organization-form-drawer';
import { OrganizationLinksTab } from '../components/organization-links-tab';
import {
  OrganizationChannelsTab,
  OrganizationMicromarketsTab,
  OrganizationUsersTab,
} from '../components/organization-rows-tabs';
import { OrganizationTags } from '../components/organization-tags';

const TABS = ['main', 'sub', 'users', 'micromarkets', 'channels'] as const;

/** The organisation card: main details, sub-organisations, users and micromarkets (tab in the URL). */
export default function OrganizationCardScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const { me } = useSession();
  const money = useMoney();
  const params = useParams();
  const [search, setSearch] = useLiveSearchParams();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : undefined;
  const organization = useEndpoint(api.organization.info, { params: { id: id ?? 0 } }, { enabled: id !== undefined });
  const setActive = useEndpointMutation(api.organization.activate, { alsoInvalidates: ['organizations'] });
  const deactivate = useEndpointMutation(api.organization.deactivate, { alsoInvalidates: ['organizations'] });
  const [isEditing, setIsEditing] = useState(false);

  if (id === undefined || (isApiError(organization.error) && organization.error.status === 404)) {
    return (
      <Result
        status="404"
        title={t('organizations.not_found')}
        extra={<Link to="/organization/list">{t('organizations.back_to_list')}</Link>}
      />
    );
  }
  if (organization.isError) return <LoadError onRetry={() => organization.refetch()} />;
  if (organization.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  const org = organization.data;
  const canEdit = can('edit_organizations') && org.access_level === 2;
  const isPlatform = can('edit_organizations') && can('view_all_organizations');
  const tab = TABS.find((key) => key === search.get('tab')) ?? 'main';
  const saved = () => getMessage().success(t('common.saved'));

  const details = (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions column={{ xs: 1, sm: 1, md: 2 }} size="small" bordered>
        <Descriptions.Item label={t('organizations.fields.type')}>
          {t(`organizations.type.${org.type}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('organizations.fields.parent')}>
          {org.parent_id ? <Link to={`/organization/${org.parent_id}`}>{org.parent_name}</Link> : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('organizations.fields.fiscal_number')}>
          {org.fiscal_number ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('organizations.fields.currency')}>{org.currency}</Descriptions.Item>
        <Descriptions.Item label={t('organizations.fields.time_zone')}>{org.time_zone}</Descriptions.Item>
        <Descriptions.Item label={t('organizations.fields.subscription_price')}>
          {money(org.subscription_price, org.currency)}
        </Descriptions.Item>
        <Descriptions.Item label={t('organizations.fields.contact_name')}>{org.contact_name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('organizations.fields.contact_phone')}>
          {org.contact_phone ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('organizations.fields.contact_email')}>
          {org.contact_email ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('organizations.fields.address')}>{org.address ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('organizations.counts')}>
          {t('organizations.counts_value', { users: org.users_count, micromarkets: org.micromarkets_count })}
        </Descriptions.Item>
      </Descriptions>
      {isPlatform &&
        org.id !== me.org_id &&
        (org.active ? (
          <Popconfirm
            title={t('organizations.deactivate_confirm', { name: org.name })}
            okText={t('organizations.deactivate')}
            cancelText={t('actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => deactivate.mutate({ params: { id } }, { onSuccess: saved })}
          >
            <Button danger>{t('organizations.deactivate')}</Button>
          </Popconfirm>
        ) : (
          <Button onClick={() => setActive.mutate({ params: { id } }, { onSuccess: saved })}>
            {t('organizations.activate')}
          </Button>
        ))}
    </Space>
  );

  return (
    <>
      <PageHeader
        title={org.name}
        extra={
          canEdit && (
            <Button type="primary" icon={<EditOutlined />} onClick={() => setIsEditing(true)}>
              {t('organizations.edit')}
            </Button>
          )
        }
      />
      <Card variant="borderless" className="panel-card">
        <Space wrap size={[4, 8]}>
          <OrganizationTags org={org} />
        </Space>
        <Tabs
          style={{ marginTop: 8 }}
          activeKey={tab}
          onChange={(key) => setSearch(key === 'main' ? {} : { tab: key }, { replace: true })}
          items={[
            { key: 'main', label: t('organizations.tabs.main'), children: details },
            { key: 'sub', label: t('organizations.tabs.sub'), children: <OrganizationLinksTab organization={org} /> },
            { key: 'users', label: t('organizations.tabs.users'), children: <OrganizationUsersTab orgId={id} /> },
            {
              key: 'micromarkets',
              label: t('organizations.tabs.micromarkets'),
              children: <OrganizationMicromarketsTab orgId={id} />,
            },
            ...(can('show_notification_system_page')
              ? [
                  {
                    key: 'channels',
                    label: t('organizations.tabs.channels'),
                    children: <OrganizationChannelsTab orgId={id} />,
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <OrganizationFormDrawer organization={isEditing ? org : null} onClose={() => setIsEditing(false)} />
    </>
  );
}
