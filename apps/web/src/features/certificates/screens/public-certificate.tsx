import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { api } from '@vitrina/contract';
import { Button, Image, Result, Skeleton, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { endpointQuery } from '../../../lib/endpoint-query';

/** A certificate for customers, by its slug (public): the picture shown, a PDF to download. */
export default function PublicCertificateScreen() {
  const { t } = useTranslation();
  const slug = useParams().slug ?? '';
  const certificate = useQuery({
    ...endpointQuery(api.certificate.publicCertificate, { params: { slug } }, { isSilent: true }),
    retry: false,
  });
  const data = certificate.data;
  return (
    <AuthCard title={data?.title ?? t('certificates.public_title')} subtitle={data ? ' ' : undefined}>
      {certificate.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
      {certificate.isError && (
        <Result status="warning" title={t('certificates.not_found')} style={{ padding: '8px 0' }} />
      )}
      {data && (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <div>
            <Tag>{t(`certificates.regions.${data.region}`)}</Tag>
            <span className="muted">
              {data.active_to ? t('certificates.valid_until', { date: data.active_to }) : t('certificates.no_end')}
            </span>
          </div>
          {data.file_type.startsWith('image/') && (
            <Image src={data.file_url} alt={data.title} style={{ maxWidth: '100%' }} />
          )}
          <Button type="primary" icon={<DownloadOutlined />} href={data.file_url} block>
            {t('certificates.download', { name: data.file_name })}
          </Button>
        </Space>
      )}
    </AuthCard>
  );
}
