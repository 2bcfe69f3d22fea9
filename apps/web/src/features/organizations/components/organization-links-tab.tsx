import { api, type TOrganization, type TOrganizationLink } from '@vitrina/contract';
import { Alert, Button, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { RowActions } from '../../../components/row-actions';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { getMessage } from '../../../lib/notify';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';

const LEVELS = [1, 2] as const;

/**
 * The sub-organisations tab: whose rows this organisation sees (grant, change, revoke), and
 * who sees its own rows. What changes here applies to the other organisation's people at once.
 */
export function OrganizationLinksTab({ organization }: { organization: TOrganization }) {
  const { t } = useTranslation();
  const id = organization.id;
  const links = useEndpoint(api.organization.links, { params: { id } });
  const options = useOrganizationOptions();
  const grant = useEndpointMutation(api.organization.grantLink, { alsoInvalidates: ['organizations'] });
  const revoke = useEndpointMutation(api.organization.revokeLink, { alsoInvalidates: ['organizations'] });
  const [subOrgId, setSubOrgId] = useState<number>();
  const [level, setLevel] = useState<1 | 2>(1);

  if (links.isError) return <LoadError onRetry={() => links.refetch()} />;
  const canManage = links.data?.can_manage ?? false;
  const linked = new Set(links.data?.sub_organizations.map((link) => link.owner_org_id));
  const candidates = (options.data?.items ?? []).filter((org) => org.id !== id && !linked.has(org.id));
  const levelOptions = LEVELS.map((value) => ({ value, label: t(`organizations.level.${value}`) }));
  const saved = () => getMessage().success(t('common.saved'));
  const setAccess = (sub: number, accessLevel: 1 | 2) =>
    grant.mutate({ params: { id }, body: { sub_org_id: sub, access_level: accessLevel } }, { onSuccess: saved });

  const subColumns: ColumnsType<TOrganizationLink> = [
    {
      key: 'name',
      title: t('organizations.sub_organization'),
      render: (_, link) => <Link to={`/organization/${link.owner_org_id}`}>{link.owner_name}</Link>,
    },
    {
      key: 'level',
      title: t('organizations.fields.access_level'),
      render: (_, link) =>
        canManage ? (
          <Select
            size="small"
            aria-label={t('organizations.level_of', { name: link.owner_name })}
            value={link.access_level}
            options={levelOptions}
            style={{ minWidth: 170 }}
            onChange={(value: 1 | 2) => setAccess(link.owner_org_id, value)}
          />
        ) : (
          t(`organizations.level.${link.access_level}`)
        ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 110,
      render: (_, link) => (
        <RowActions
          actions={[
            {
              key: 'revoke',
              text: t('organizations.revoke'),
              isDanger: true,
              confirm: {
                title: t('organizations.revoke_confirm', { name: link.owner_name }),
                okText: t('organizations.revoke'),
                isOkDanger: true,
              },
              onClick: () =>
                revoke.mutate({ params: { id }, body: { sub_org_id: link.owner_org_id } }, { onSuccess: saved }),
              isHidden: !canManage,
            },
          ]}
        />
      ),
    },
  ];
  const sharedColumns: ColumnsType<TOrganizationLink> = [
    { key: 'name', title: t('organizations.fields.name'), render: (_, link) => link.grantee_name },
    {
      key: 'level',
      title: t('organizations.fields.access_level'),
      render: (_, link) => t(`organizations.level.${link.access_level}`),
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {canManage && (
        <Space wrap>
          <Select
            showSearch
            optionFilterProp="label"
            aria-label={t('organizations.add_sub')}
            placeholder={t('organizations.add_sub')}
            style={{ minWidth: 240 }}
            value={subOrgId}
            onChange={setSubOrgId}
            options={candidates.map((org) => ({ value: org.id, label: org.name }))}
          />
          <Select
            aria-label={t('organizations.fields.access_level')}
            value={level}
            onChange={setLevel}
            options={levelOptions}
            style={{ minWidth: 170 }}
          />
          <Button
            type="primary"
            disabled={subOrgId === undefined}
            loading={grant.isPending}
            onClick={() => subOrgId !== undefined && setAccess(subOrgId, level)}
          >
            {t('organizations.grant')}
          </Button>
        </Space>
      )}
      {grant.error || revoke.error ? (
        <Alert type="error" showIcon message={String((grant.error ?? revoke.error)?.message ?? '')} />
      ) : null}
      <Table<TOrganizationLink>
        rowKey={(link) => `${link.owner_org_id}-${link.grantee_org_id}`}
        size="small"
        loading={links.isPending}
        columns={subColumns}
        dataSource={links.data?.sub_organizations}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('organizations.no_subs') }}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('organizations.shared_with')}
      </Typography.Title>
      <Table<TOrganizationLink>
        rowKey={(link) => `${link.owner_org_id}-${link.grantee_org_id}`}
        size="small"
        loading={links.isPending}
        columns={sharedColumns}
        dataSource={links.data?.shared_with}
        pagination={false}
        locale={{ emptyText: t('organizations.not_shared') }}
      />
    </Space>
  );
}
