import { useTranslation } from 'react-i18next';

const UP = '#389e0d';
const DOWN = '#cf1322';

/**
 * The change of a figure against the one it is compared with, as an arrow and a whole percent:
 * green up, red down, "new" when there was nothing before, nothing when both are nothing.
 */
export function Trend({ current, previous }: { current: number; previous: number }) {
  const { t } = useTranslation();
  if (current === previous && current === 0) return null;
  if (previous <= 0) {
    return <span style={{ color: UP, fontWeight: 600 }}>{t('dashboard_sales.new')}</span>;
  }
  const percent = Math.round(((current - previous) / previous) * 100);
  const isUp = percent >= 0;
  const label = t(isUp ? 'dashboard_sales.up' : 'dashboard_sales.down', { percent: Math.abs(percent) });
  return (
    <span role="img" aria-label={label} title={label} style={{ color: isUp ? UP : DOWN, fontWeight: 600 }}>
      {isUp ? '▲' : '▼'} {Math.abs(percent)}%
    </span>
  );
}
