import { api, type TMicromarket, type TPlanogramTagRow } from '@vitrina/contract';
import { Empty, Table, Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/load-error';
import { PageSpinner } from '../../../../components/page-spinner';
import { useEndpoint } from '../../../../lib/endpoint-query';
import { useCan } from '../../../../lib/permissions';
import { readNumber } from '../../../../lib/url-query';
import { LayoutView } from './layout-view';
import { RestockPanel } from './restock-panel';
import { SchedulesPanel } from './schedules-panel';
import { TemplatesPanel } from './templates-panel';
import './planogram.css';
import { useLiveSearchParams } from '../../../../lib/live-search-params';

type Props = { micromarket: TMicromarket; canEdit: boolean };

/** The micromarket's planogram screen: its tabs planogram, shelves, sections, templates, schedules, orders, tags. */
export function PlanogramTab({ micromarket, canEdit }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const planogram = useEndpoint(api.planogram.micromarket, { params: { id: micromarket.id } });
  // "Place on a planogram" from a product card: `?place=<product id>` opens the editor with it ready.
  const [params, setParams] = useLiveSearchParams();
  const placing = canEdit ? readNumber(params, 'place') : undefined;
  const stopPlacing = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('place');
        return next;
      },
      { replace: true },
    );
  const [section, setSection] = useState(placing === undefined ? 'planogram' : 'templates');
  useEffect(() => {
    if (placing !== undefined) setSection('templates');
  }, [placing]);
  if (planogram.isError) return <LoadError onRetry={() => planogram.refetch()} />;
  if (planogram.isPending) return <PageSpinner />;
  const { active, schedules } = planogram.data;
  const layout = active?.layout ?? { shelves: [] };
  const sections = layout.shelves.flatMap((shelf) =>
    shelf.sections.map((section, index) => ({
      key: `${shelf.number}-${index}`,
      shelf: shelf.number,
      position: index + 1,
      ...section,
    })),
  );
  const items = [
    {
      key: 'planogram',
      label: t('planogram.tabs.planogram'),
      children: active ? (
        <div style={{ display: 'grid', gap: 12 }}>
          <div>
            <strong>{active.template_name}</strong>{' '}
            <span className="muted">
              {t('planogram.active_since', { when: active.activated_at.slice(0, 16).replace('T', ' ') })}
            </span>
          </div>
          <LayoutView layout={layout} />
        </div>
      ) : (
        <Empty description={t('planogram.none_active')} />
      ),
    },
    {
      key: 'shelves',
      label: t('planogram.tabs.shelves'),
      children: (
        <Table
          size="small"
          rowKey="number"
          pagination={false}
          dataSource={layout.shelves}
          locale={{ emptyText: t('planogram.none_active') }}
          columns={[
            { key: 'number', title: t('planogram.shelf'), dataIndex: 'number' },
            {
              key: 'sections',
              title: t('planogram.sections'),
              align: 'right',
              render: (_, shelf) => shelf.sections.length,
            },
            {
              key: 'capacity',
              title: t('planogram.capacity'),
              align: 'right',
              render: (_, shelf) => shelf.sections.reduce((sum, section) => sum + section.capacity, 0),
            },
          ]}
        />
      ),
    },
    {
      key: 'sections',
      label: t('planogram.tabs.sections'),
      children: (
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={sections}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('planogram.none_active') }}
          columns={[
            { key: 'shelf', title: t('planogram.shelf'), dataIndex: 'shelf' },
            { key: 'position', title: t('planogram.position'), dataIndex: 'position' },
            {
              key: 'product',
              title: t('planogram.product'),
              render: (_, row) => row.product_name ?? <span className="muted">{t('planogram.empty_section')}</span>,
            },
            { key: 'capacity', title: t('planogram.capacity'), dataIndex: 'capacity', align: 'right' },
          ]}
        />
      ),
    },
    {
      key: 'templates',
      label: t('planogram.tabs.templates'),
      children: (
        <TemplatesPanel
          micromarket={micromarket}
          canEdit={canEdit}
          placing={placing === undefined ? undefined : { productId: placing, templateId: active?.template_id ?? null }}
          onPlaced={stopPlacing}
        />
      ),
    },
    {
      key: 'schedules',
      label: t('planogram.tabs.schedules'),
      children: <SchedulesPanel micromarket={micromarket} canEdit={canEdit} schedules={schedules} />,
    },
    ...(can('show_planning_page')
      ? [
          {
            key: 'orders',
            label: t('planogram.tabs.orders'),
            children: <RestockPanel micromarketId={micromarket.id} />,
          },
        ]
      : []),
    { key: 'tags', label: t('planogram.tabs.tags'), children: <TagsPanel micromarketId={micromarket.id} /> },
  ];
  return (
    <Tabs
      size="small"
      items={items}
      destroyOnHidden
      activeKey={section}
      onChange={(key) => {
        setSection(key);
        if (placing !== undefined) stopPlacing();
      }}
    />
  );
}

function TagsPanel({ micromarketId }: { micromarketId: number }) {
  const { t } = useTranslation();
  const rows = useEndpoint(api.planogram.tags, { params: { id: micromarketId } });
  if (rows.isError) return <LoadError onRetry={() => rows.refetch()} />;
  return (
    <Table<TPlanogramTagRow>
      size="small"
      rowKey="product_id"
      loading={rows.isFetching}
      pagination={false}
      dataSource={rows.data?.items}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('planogram.no_tags') }}
      columns={[
        { key: 'product', title: t('planogram.product'), dataIndex: 'product_name' },
        { key: 'expected', title: t('planogram.expected'), dataIndex: 'expected', align: 'right' },
        { key: 'present', title: t('planogram.present'), dataIndex: 'present', align: 'right' },
        {
          key: 'difference',
          title: t('planogram.difference'),
          render: (_, row) =>
            row.missing > 0 ? (
              <Tag color="red">{t('planogram.missing', { count: row.missing })}</Tag>
            ) : row.excess > 0 ? (
              <Tag color="gold">{t('planogram.excess', { count: row.excess })}</Tag>
            ) : (
              <Tag color="green">{t('planogram.complete')}</Tag>
            ),
        },
      ]}
    />
  );
}
