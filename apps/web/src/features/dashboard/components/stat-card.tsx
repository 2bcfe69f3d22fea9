import type { ReactNode } from 'react';
import { Surface } from '../../../components/surface';
import { formatCount } from '../../../lib/format';
import { intlFormat } from '../../../lib/intl-format';
import { LOCALE_TAGS } from '../../../lib/locale-tags';
import { useLocale } from '../../../lib/use-locale';

type Props = { title: string; value: number; icon: ReactNode; accent: string; hint: string; isLoading: boolean };

const MUTED = 'rgba(0,0,0,0.45)';

/**
 * A counter of the dashboard. Plain markup rather than Ant Design's Statistic: the counters are
 * on the first download after signing in, and Statistic brings its skeleton along for a number.
 */
export function StatCard({ title, value, icon, accent, hint, isLoading }: Props) {
  const locale = useLocale();
  return (
    <Surface style={{ height: '100%', padding: 20 }}>
      <div style={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 12 }}>
        <div>
          <div style={{ color: MUTED, fontSize: 14, marginBottom: 4 }}>{title}</div>
          <div aria-busy={isLoading} style={{ fontSize: 30, fontWeight: 600, lineHeight: 1.3 }}>
            {isLoading ? (
              <span style={{ color: '#d9d9d9' }}>—</span>
            ) : (
              // A large count is compacted (§9 k/M/…); its every digit stays in the hint on hover.
              <span title={intlFormat('NumberFormat', LOCALE_TAGS[locale], {}).format(value)} data-testid="stat-value">
                {formatCount(value, locale)}
              </span>
            )}
          </div>
        </div>
        <div
          aria-hidden="true"
          style={{
            width: 48,
            height: 48,
            borderRadius: 12,
            display: 'grid',
            placeItems: 'center',
            fontSize: 22,
            color: accent,
            background: `${accent}1a`,
          }}
        >
          {icon}
        </div>
      </div>
      <div style={{ marginTop: 8, color: MUTED, fontSize: 13 }}>{hint}</div>
    </Surface>
  );
}
