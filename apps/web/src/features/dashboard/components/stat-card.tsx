import { Statistic } from 'antd';
import type { ReactNode } from 'react';
import { Surface } from '../../../components/surface';

type Props = { title: string; value: number; icon: ReactNode; accent: string; hint: string; isLoading: boolean };

export function StatCard({ title, value, icon, accent, hint, isLoading }: Props) {
  return (
    <Surface style={{ height: '100%', padding: 20 }}>
      <div style={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 12 }}>
        <Statistic
          title={title}
          value={value}
          loading={isLoading}
          styles={{ content: { fontSize: 30, fontWeight: 600 } }}
        />
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
      <div style={{ marginTop: 8, color: 'rgba(0,0,0,0.45)', fontSize: 13 }}>{hint}</div>
    </Surface>
  );
}
