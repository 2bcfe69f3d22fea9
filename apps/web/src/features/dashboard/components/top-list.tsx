import type { ReactNode } from 'react';

export type TopItem = { key: number; name: string; amount: string; note?: ReactNode };

const ROW = { display: 'flex', justifyContent: 'space-between', gap: 12, padding: '6px 0' } as const;

/** A short ranked list of the dashboard (top products, best and worst micromarkets). */
export function TopList({
  title,
  items,
  empty,
  testId,
}: {
  title: string;
  items: TopItem[];
  empty: string;
  testId: string;
}) {
  return (
    <div data-testid={testId}>
      <h3 style={{ fontSize: 14, fontWeight: 600, margin: '0 0 4px' }}>{title}</h3>
      {items.length === 0 ? (
        <div style={{ color: 'rgba(0,0,0,0.45)', padding: '6px 0' }}>{empty}</div>
      ) : (
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item, index) => (
            <li key={item.key} style={{ ...ROW, borderTop: index === 0 ? undefined : '1px solid #f0f0f0' }}>
              <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {index + 1}. {item.name}
              </span>
              <span style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
                {item.amount}
                {item.note && <span style={{ marginLeft: 8 }}>{item.note}</span>}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
