import { PlusOutlined } from '@ant-design/icons';
import { api, CERTIFICATE_REGIONS, type TCertificate } from '@vitrina/contract';
import { Button, Card, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_SELECT, OrganizationFilter, SearchFilter } from '../../../components/list-filters';
import { useOrganizationColumn } from '../../../components/organization-column';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { RowActions } from '../../../components/row-actions';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { useListQuery } from '../../../lib/list-query';
import { getMessage } from '../../../lib/notify';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { CertificateFormDrawer } from '../components/certificate-form-drawer';

/** §2 `/certificate/list`: documents customers read on a public page by slug. */
export default function CertificateListScreen() {
  const { t } = useTranslation();
  const organizations = useOrganizationOptions();
  const { query, update, hasFilters, result } = useListQuery(api.certificate.list);
  const remove = useEndpointMutation(api.certificate.delete);
  const [editing, setEditing] = useState<TCertificate | 'new' | null>(null);
  const canEdit = (orgId: number) => organizations.data?.items.find((org) => org.id === orgId)?.access_level === 2;

  const columns: ColumnsType<TCertificate> = [
    {
      key: 'title',
      title: t('certificates.title'),
      render: (_, cert) => (
        <div>
          <a href={cert.file_url} style={{ fontWeight: 500 }}>
            {cert.title}
          </a>
          <div>
            <Tag>{t(`certificates.regions.${cert.region}`)}</Tag>
            {cert.is_expired && <Tag color="red">{t('certificates.expired')}</Tag>}
          </div>
        </div>
      ),
    },
    {
      key: 'active_to',
      title: t('certificates.active_to'),
      render: (_, cert) => cert.active_to ?? t('certificates.no_end'),
    },
    {
      key: 'slug',
      title: t('certificates.public_page'),
      responsive: ['md'],
      render: (_, cert) =>
        cert.is_expired ? (
          <span className="muted">/{cert.slug}</span>
        ) : (
          <a href={`/notauth/certificate/${cert.slug}`} target="_blank" rel="noreferrer">
            /{cert.slug}
          </a>
        ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 96,
      render: (_, cert) =>
        canEdit(cert.org_id) && (
          <RowActions
            edit={{ label: t('certificates.edit_named', { title: cert.title }), onClick: () => setEditing(cert) }}
            remove={{
              label: t('certificates.delete_named', { title: cert.title }),
              confirm: t('certificates.delete_confirm', { title: cert.title }),
              onConfirm: () =>
                remove.mutate(
                  { params: { id: cert.id } },
                  { onSuccess: () => getMessage().success(t('common.deleted')) },
                ),
            }}
          />
        ),
    },
  ];
  const shownColumns = useOrganizationColumn(columns, result.data?.items);

  return (
    <>
      <PageHeader
        title={t('menu.certificate_list')}
        extra={
          (organizations.data?.items.some((org) => org.access_level === 2) ?? false) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('certificates.new')}
            </Button>
          )
        }
      />
      <Card variant="borderless" className="panel-card">
        <div className="list-filters">
          <SearchFilter label={t('certificates.search')} value={query.q} onSearch={(q) => update({ q })} />
          <Select
            {...FILTER_SELECT}
            aria-label={t('certificates.region')}
            placeholder={t('certificates.region')}
            value={query.region}
            onChange={(value?: (typeof CERTIFICATE_REGIONS)[number]) => update({ region: value })}
            options={CERTIFICATE_REGIONS.map((value) => ({ value, label: t(`certificates.regions.${value}`) }))}
          />
          <OrganizationFilter value={query.org_id} onChange={(orgId) => update({ org_id: orgId })} />
        </div>
        <PagedTable<TCertificate>
          rowKey="id"
          columns={shownColumns}
          result={result}
          page={query.page}
          perPage={query.per_page}
          emptyText={t('certificates.empty')}
          hasFilters={hasFilters}
          onPageChange={update}
        />
      </Card>
      <CertificateFormDrawer certificate={editing} onClose={() => setEditing(null)} />
    </>
  );
}
