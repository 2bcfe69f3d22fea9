import { PRODUCT_NAME, THEME_COLOR } from '@vitrina/contract';

/** The product mark: a fridge door with a shelf and a handle. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={THEME_COLOR} />
      <rect x="9" y="6" width="14" height="20" rx="2.5" fill="none" stroke="#fff" strokeWidth="2" />
      <path d="M9 15h14" stroke="#fff" strokeWidth="2" />
      <path d="M20 10v2M20 18v3" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ isCompact = false, color = 'inherit' }: { isCompact?: boolean; color?: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10, color }}>
      <LogoMark />
      {!isCompact && (
        <span style={{ fontSize: 20, fontWeight: 700, letterSpacing: 0.3, whiteSpace: 'nowrap' }}>{PRODUCT_NAME}</span>
      )}
    </span>
  );
}
