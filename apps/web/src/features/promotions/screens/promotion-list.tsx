import { PlusOutlined } from '@ant-design/icons';
import { api, type TBonusPromotion } from '@vitrina/contract';
import { Button, Card, Segmented, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { OrganizationFilter, SearchFilter } from '../../../components/list-filters';
import { useOrganizationColumn } from '../../../components/organization-column';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { RowActions } from '../../../components/row-actions';
import { useIsMobile } from '../../../components/use-is-mobile';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { useListQuery } from '../../../lib/list-query';
import { getMessage } from '../../../lib/notify';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { bonusLabel, datesLabel, kindLabel } from '../components/promotion-labels';

const NEW_PATH = '/user/bonus/promotions/new';

function statusTag(t: TFunction, row: TBonusPromotion) {
  if (row.is_active) return <Tag color="green">{t('promotions.active')}</Tag>;
  return <Tag>{row.status === 2 ? t('promotions.closed') : t('promotions.ended')}</Tag>;
}

export default function PromotionListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const { query, update, hasFilters, result } = useListQuery(api.bonusPromotion.list);
  const close = useEndpointMutation(api.bonusPromotion.close);
  const organizations = useOrganizationOptions();
  const editable = new Set(
    (organizations.data?.items ?? []).filter((org) => org.access_level === 2).map((org) => org.id),
  );

  const columns = useMemo<ColumnsType<TBonusPromotion>>(
    () => [
      {
        title: t('fields.name'),
        dataIndex: 'name',
        render: (name: string, row) => (
          <>
            <Link to={`${NEW_PATH}?id=${row.id}`}>{name}</Link>
            {isMobile && <div>{statusTag(t, row)}</div>}
          </>
        ),
      },
      ...(isMobile
        ? []
        : ([
            { title: t('promotions.kind'), key: 'kind', render: (_, row) => kindLabel(t, row) },
          ] as ColumnsType<TBonusPromotion>)),
      { title: t('promotions.bonus'), key: 'bonus', render: (_, row) => bonusLabel(row) },
      ...(isMobile
        ? []
        : ([
            {
              title: t('promotions.period_label'),
              dataIndex: 'period',
              render: (p: string) => t(`promotions.period.${p}`),
            },
            { title: t('promotions.dates'), key: 'dates', render: (_, row) => datesLabel(row) },
          ] as ColumnsType<TBonusPromotion>)),
      ...(isMobile
        ? []
        : ([
            { title: t('promotions.status_label'), key: 'status', render: (_, row) => statusTag(t, row) },
          ] as ColumnsType<TBonusPromotion>)),
      {
        title: '',
        key: 'actions',
        align: 'right',
        render: (_, row) => (
          <RowActions
            actions={[
              {
                key: 'close',
                label: t('promotions.close_named', { name: row.name }),
                text: t('promotions.close'),
                isDanger: true,
                confirm: { title: t('promotions.close_confirm', { name: row.name }), okText: t('promotions.close') },
                onClick: () =>
                  close.mutate(
                    { params: { id: row.id } },
                    { onSuccess: () => getMessage().success(t('promotions.closed_message')) },
                  ),
                isHidden: !(row.status === 1 && editable.has(row.org_id)),
              },
            ]}
          />
        ),
      },
    ],
    [t, close.mutate, editable, isMobile],
  );
  const shown = useOrganizationColumn(columns, result.data?.items);

  return (
    <>
      <PageHeader
        title={t('menu.bonus_promotions')}
        extra={
          editable.size > 0 && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(NEW_PATH)}>
              {t('promotions.new')}
            </Button>
          )
        }
      />
      <Card variant="borderless" className="panel-card">
        <div className="list-filters">
          <Space wrap>
            <Segmented
              aria-label={t('promotions.status_label')}
              value={query.status ?? 'all'}
              options={[
                { value: 'active', label: t('promotions.active') },
                { value: 'inactive', label: t('promotions.inactive') },
                { value: 'all', label: t('promotions.all') },
              ]}
              onChange={(value) => update({ status: value === 'all' ? undefined : (value as 'active' | 'inactive') })}
            />
          </Space>
          <SearchFilter label={t('promotions.search')} value={query.q} onSearch={(q) => update({ q })} />
          <OrganizationFilter value={query.org_id} onChange={(orgId) => update({ org_id: orgId })} />
        </div>
        <PagedTable<TBonusPromotion>
          rowKey="id"
          columns={shown}
          result={result}
          page={query.page}
          perPage={query.per_page}
          emptyText={t('promotions.empty')}
          hasFilters={hasFilters}
          onPageChange={update}
        />
      </Card>
    </>
  );
}
