import type { ReactNode } from 'react';

/** A labelled figure in a row of them (totals, a sale's amounts). */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span>
      <span className="muted">{label} </span>
      <strong>{children}</strong>
    </span>
  );
}
