import type { ReactNode } from 'react';

export function PageHeader({ title, extra }: { title: string; extra?: ReactNode }) {
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {extra && <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>{extra}</div>}
    </div>
  );
}
