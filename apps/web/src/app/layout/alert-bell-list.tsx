import { api, type TFleetNotice } from '@vitrina/contract';
import { Button, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEndpoint, useEndpointMutation } from '../../lib/endpoint-query';
import { formatRelativeTime } from '../../lib/format';
import { useLiveRefetch } from '../../lib/live';
import { useSession } from '../../lib/session-context';
import { useLocale } from '../../lib/use-locale';
import { noticeColor, noticeDetail, noticeFlaps, noticeTarget } from './notice-text';

/** The bell's dropdown: recent fleet notices, unread ones first in weight, each opening its alert or fridge. */
export default function AlertBellList({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { can } = useSession();
  const list = useEndpoint(api.notice.list, { query: { limit: 15 } });
  useLiveRefetch('notice', [api.notice.list.tag]);
  const read = useEndpointMutation(api.notice.read);
  const readAll = useEndpointMutation(api.notice.readAll);
  const open = (notice: TFleetNotice) => {
    if (!notice.is_read) read.mutate({ params: { id: notice.id } });
    const target = noticeTarget(notice, can);
    onClose();
    if (target) navigate(target);
  };
  const items = list.data?.items ?? [];
  return (
    <div style={{ width: 'min(360px, calc(100vw - 32px))' }} data-testid="alert-bell-list">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, marginBottom: 8 }}>
        <strong>{t('alerts.bell.title')}</strong>
        <Button
          size="small"
          type="link"
          disabled={(list.data?.unread ?? 0) === 0}
          loading={readAll.isPending}
          onClick={() => readAll.mutate({})}
        >
          {t('alerts.bell.read_all')}
        </Button>
      </div>
      {list.isPending ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
        </div>
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alerts.bell.empty')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 420, overflowY: 'auto' }}>
          {items.map((notice) => (
            <li key={notice.id}>
              <button
                type="button"
                className="bell-item"
                data-unread={!notice.is_read}
                onClick={() => open(notice)}
                style={{
                  display: 'grid',
                  gridTemplateColumns: '10px 1fr',
                  gap: 10,
                  width: '100%',
                  textAlign: 'start',
                  padding: '8px 6px',
                  border: 0,
                  borderBottom: '1px solid #f0f0f0',
                  background: notice.is_read ? 'transparent' : '#f0f5ff',
                  cursor: 'pointer',
                  font: 'inherit',
                  color: 'inherit',
                }}
              >
                <span
                  aria-hidden="true"
                  style={{ width: 10, height: 10, marginTop: 6, borderRadius: '50%', background: noticeColor(notice) }}
                />
                <span style={{ minWidth: 0 }}>
                  <span style={{ display: 'block', fontWeight: notice.is_read ? 400 : 600 }}>
                    {t(`alerts.bell.kinds.${notice.kind}`)} · {notice.micromarket_name}
                  </span>
                  <span style={{ display: 'block', fontSize: 13, color: '#595959' }}>
                    {[
                      noticeDetail(t, notice),
                      noticeFlaps(t, notice, (at) => formatRelativeTime(at, { locale })),
                      formatRelativeTime(notice.at, { locale }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {can('show_technical_analytics_page') && (
        <Button
          type="link"
          block
          onClick={() => {
            onClose();
            navigate('/technical/analytics');
          }}
        >
          {t('alerts.bell.all_alerts')}
        </Button>
      )}
    </div>
  );
}
