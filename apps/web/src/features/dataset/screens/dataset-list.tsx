import { api, DATASET_FILE_TYPES, DATASET_TAGS } from '@vitrina/contract';
import { Card, Col, Empty, Pagination, Row, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { FILTER_SELECT, OrganizationFilter } from '../../../components/list-filters';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { type ListDefaults, useListQuery } from '../../../lib/list-query';
import { useCan } from '../../../lib/permissions';
import { DatasetItem } from '../components/dataset-item';
import { DatasetUpload } from '../components/dataset-upload';

/** 24 tiles fill the gallery's 2, 3, 4 and 6 columns evenly. */
const GALLERY_PAGING: ListDefaults<typeof api.dataset.list> = { per_page: 24 };

export default function DatasetListScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const { query, update, hasFilters, result: files } = useListQuery(api.dataset.list, { defaults: GALLERY_PAGING });
  const canManage = can('manage_dataset');

  return (
    <>
      <PageHeader title={t('menu.dataset')} />
      {canManage && (
        <Card variant="borderless" className="panel-card" style={{ marginBottom: 16 }}>
          <DatasetUpload orgId={query.org_id} />
        </Card>
      )}
      <Card variant="borderless" className="panel-card">
        <div className="list-filters">
          <Select
            {...FILTER_SELECT}
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('dataset.filter_tag')}
            placeholder={t('dataset.filter_tag')}
            value={query.tag}
            onChange={(value?: string) => update({ tag: value })}
            options={DATASET_TAGS.map((tag) => ({ value: tag, label: t(`dataset.tag.${tag}`) }))}
          />
          <Select
            {...FILTER_SELECT}
            aria-label={t('dataset.filter_type')}
            placeholder={t('dataset.filter_type')}
            value={query.type}
            onChange={(value?: string) => update({ type: value })}
            options={DATASET_FILE_TYPES.map((type) => ({ value: type, label: t(`dataset.type.${type}`) }))}
          />
          <OrganizationFilter value={query.org_id} onChange={(orgId) => update({ org_id: orgId })} />
        </div>
        {files.isError && <LoadError onRetry={() => files.refetch()} />}
        {files.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
        {files.data && files.data.items.length === 0 && (
          <Empty description={hasFilters ? t('common.nothing_found') : t('dataset.empty')} />
        )}
        {files.data && files.data.items.length > 0 && (
          <>
            <Row gutter={[12, 12]}>
              {files.data.items.map((file) => (
                <Col key={file.id} xs={12} sm={8} md={6} xl={4}>
                  <DatasetItem file={file} canManage={canManage} />
                </Col>
              ))}
            </Row>
            <Pagination
              style={{ marginTop: 16, justifyContent: 'flex-end' }}
              current={query.page}
              pageSize={query.per_page}
              total={files.data.total}
              showTotal={(total) => t('common.total', { count: total })}
              onChange={(page, perPage) => update({ page, per_page: perPage })}
            />
          </>
        )}
      </Card>
    </>
  );
}
