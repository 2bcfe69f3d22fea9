import type { TCourierVisit, TVisitLine } from '@vitrina/contract';
import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { intlFormat } from '../../../lib/intl-format';
import { LOCALE_TAGS } from '../../../lib/locale-tags';
import { useLocale } from '../../../lib/use-locale';

function VisitLines({ title, lines, sign }: { title: string; lines: TVisitLine[]; sign: '+' | '−' }) {
  return (
    <div>
      <div className="muted">{title}</div>
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {lines.map((line) => (
          <li key={line.product_id}>
            {line.product_name} · {sign}
            {line.count}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the latest service visit of the day put in and took out, once its door opened. */
export function VisitCard({ visit }: { visit: TCourierVisit }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // The courier's own clock: the phone is where the stop is.
  const time = (iso: string) =>
    intlFormat('DateTimeFormat', LOCALE_TAGS[locale], { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  const isEmpty = visit.put_in.length === 0 && visit.taken_out.length === 0;
  return (
    <Card
      size="small"
      title={t('courier.visit_title', {
        from: time(visit.opened_at),
        to: visit.closed_at ? time(visit.closed_at) : '…',
      })}
      aria-label={t('courier.visit')}
    >
      {isEmpty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('courier.visit_nothing')} />
      ) : (
        <div style={{ display: 'grid', gap: 8 }}>
          {visit.put_in.length > 0 && <VisitLines title={t('courier.put_in')} lines={visit.put_in} sign="+" />}
          {visit.taken_out.length > 0 && <VisitLines title={t('courier.taken_out')} lines={visit.taken_out} sign="−" />}
        </div>
      )}
    </Card>
  );
}
