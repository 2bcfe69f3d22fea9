import { EditOutlined } from '@ant-design/icons';
import { api } from '@vitrina/contract';
import { Button, Card, Result, Skeleton, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useIsMobile } from '../../../components/use-is-mobile';
import { isApiError } from '../../../lib/api-error';
import { useEndpoint } from '../../../lib/endpoint-query';
import { useLiveRefetch } from '../../../lib/live';
import { useLiveSearchParams } from '../../../lib/live-search-params';
import { useCan } from '../../../lib/permissions';
import { useUrlQuery } from '../../../lib/url-query';
import { MICROMARKET_CARD_TABS } from '../components/card-tabs';
import { LockBanner } from '../components/lock-banner';
import { MicromarketFormDrawer } from '../components/micromarket-form-drawer';
import { ConnectionTag, DoorTag, LockTag, TemperatureTag } from '../components/micromarket-state-tags';
import { useOrganizationAccess } from '../components/use-organization';

const parse = (params: URLSearchParams) => ({ tab: params.get('tab') ?? 'main' });
const NO_FILTERS: readonly string[] = [];

export default function MicromarketCardScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const isMobile = useIsMobile();
  const params = useParams();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : undefined;
  const micromarket = useEndpoint(api.micromarket.info, { params: { id: id ?? 0 } }, { enabled: id !== undefined });
  const { query } = useUrlQuery({ parse, filters: NO_FILTERS });
  const [, setParams] = useLiveSearchParams();
  const { canEdit, currencyOf } = useOrganizationAccess();
  const [isEditing, setIsEditing] = useState(false);
  // Only this micromarket's changes refetch the card (its tabs share the area and follow).
  useLiveRefetch('micromarket.state', [api.micromarket.info.tag], (event) => event.id === id);

  if (id === undefined || (isApiError(micromarket.error) && micromarket.error.status === 404)) {
    return (
      <Result
        status="404"
        title={t('devices.not_found')}
        extra={<Link to="/device/list">{t('devices.back_to_list')}</Link>}
      />
    );
  }
  if (micromarket.isError) return <LoadError onRetry={() => micromarket.refetch()} />;
  if (micromarket.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  const item = micromarket.data;
  const isEditable = canEdit(item.org_id);
  const tabProps = { micromarket: item, canEdit: isEditable, currency: currencyOf(item.org_id) };
  const tabs = MICROMARKET_CARD_TABS.filter((tab) => !tab.permissions || tab.permissions.some((p) => can(p)));
  const active = tabs.some((tab) => tab.key === query.tab) ? query.tab : 'main';

  return (
    <>
      <PageHeader
        title={item.name}
        extra={
          isEditable && (
            <Button type="primary" icon={<EditOutlined />} onClick={() => setIsEditing(true)}>
              {t('devices.actions.edit')}
            </Button>
          )
        }
      />
      <Card variant="borderless" className="panel-card">
        <Space wrap size={[4, 8]}>
          <span className="muted">{item.serial_number}</span>
          <ConnectionTag micromarket={item} />
          <TemperatureTag micromarket={item} />
          <DoorTag door={item.door} />
          <LockTag micromarket={item} />
        </Space>
        <LockBanner micromarket={item} />
        <Tabs
          style={{ marginTop: 8 }}
          // A dozen tabs overflow a row at desktop widths (the last ones hid under the "more"
          // shadow): on a desktop they stand in a column beside the content, on a phone in a scrolling row.
          tabPlacement={isMobile ? 'top' : 'start'}
          activeKey={active}
          // A tab's own page and filters do not carry over to the next tab.
          onChange={(tab) => setParams(tab === 'main' ? {} : { tab })}
          items={tabs.map((tab) => ({ key: tab.key, label: t(tab.label), children: tab.render(tabProps) }))}
          destroyOnHidden
        />
      </Card>
      <MicromarketFormDrawer micromarket={isEditing ? item : null} onClose={() => setIsEditing(false)} />
    </>
  );
}
