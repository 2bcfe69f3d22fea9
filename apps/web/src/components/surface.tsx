import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The white rounded box of a borderless antd Card, drawn from the theme's tokens. Card itself
 * imports Tabs and their dropdown menus, too much for the login page and the dashboard.
 */
export function Surface({ style, children }: { style?: CSSProperties; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section
      style={{
        boxSizing: 'border-box',
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        // The faint shadow a borderless Card has.
        boxShadow: token.boxShadowTertiary,
        color: token.colorText,
        ...style,
      }}
    >
      {children}
    </section>
  );
}
