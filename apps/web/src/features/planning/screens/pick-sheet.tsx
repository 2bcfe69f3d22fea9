import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { api } from '@vitrina/contract';
import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner } from '../../../components/page-spinner';
import { useEndpoint } from '../../../lib/endpoint-query';
import { intlFormat } from '../../../lib/intl-format';
import { LOCALE_TAGS } from '../../../lib/locale-tags';
import { readNumber } from '../../../lib/url-query';
import { useLocale } from '../../../lib/use-locale';
import { PickSheetRoute } from '../components/pick-sheet-route';
import '../pick-sheet.css';

const FILTERS = ['org_id', 'micromarket_id', 'group_id', 'window_days', 'visit_hours'] as const;

/**
 * `/product/planning/pick-sheet`: the plan of the planning screen's filter (from the URL) as
 * pick sheets to print, one per route, each stop with boxes to tick; printing shows the
 * sheets alone, a page per route.
 */
export default function PickSheetScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const query = Object.fromEntries(
    FILTERS.flatMap((name) => {
      const value = readNumber(params, name);
      return value === undefined ? [] : [[name, value]];
    }),
  );
  const sheet = useEndpoint(api.planning.pickSheet, { query }, { staleTime: 0 });
  const date = sheet.data
    ? intlFormat('DateTimeFormat', LOCALE_TAGS[locale], { dateStyle: 'long' }).format(new Date(sheet.data.generated_at))
    : '';
  return (
    <div className="pick-sheet-page">
      <div className="no-print">
        <PageHeader
          title={t('menu.pick_sheet')}
          extra={
            <>
              <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(`/product/planning${search}`)}>
                {t('planning.sheet.back')}
              </Button>
              <Button
                type="primary"
                icon={<PrinterOutlined />}
                disabled={!sheet.data || sheet.data.routes.length === 0}
                onClick={() => window.print()}
              >
                {t('planning.print')}
              </Button>
            </>
          }
        />
      </div>
      {sheet.isError ? (
        <LoadError onRetry={() => sheet.refetch()} />
      ) : !sheet.data ? (
        <PageSpinner />
      ) : sheet.data.routes.length === 0 ? (
        <Empty description={t('planning.sheet.nothing')} />
      ) : (
        <div className="pick-sheets">
          {sheet.data.routes.map((route) => (
            <PickSheetRoute key={String(route.group_id ?? 'none')} route={route} date={date} />
          ))}
        </div>
      )}
    </div>
  );
}
