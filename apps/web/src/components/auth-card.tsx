import { PRODUCT_NAME } from '@vitrina/contract';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoMark } from './logo';
import { Surface } from './surface';

/**
 * The centered card every public form sits in: login, registration, password reset.
 * Its title is a plain heading in the theme's heading style: Typography would bring
 * ellipsis, copy and edit support into the login page's download.
 */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <main className="auth-page">
      <div style={{ width: '100%', maxWidth: 420 }}>
        <Surface style={{ padding: 32, boxShadow: '0 12px 40px rgba(31, 56, 110, 0.12)' }}>
          <div style={{ textAlign: 'center', marginBottom: 24 }}>
            <LogoMark size={48} />
            <h1
              style={{
                margin: '12px 0 4px',
                color: token.colorTextHeading,
                fontSize: token.fontSizeHeading3,
                fontWeight: token.fontWeightStrong,
                lineHeight: token.lineHeightHeading3,
              }}
            >
              {title}
            </h1>
            <span style={{ color: token.colorTextDescription }}>
              {subtitle ?? t('auth.tagline', { product: PRODUCT_NAME })}
            </span>
          </div>
          {children}
        </Surface>
        <div style={{ textAlign: 'center', marginTop: 16, fontSize: 13 }}>
          <Link to="/terms">{t('layout.terms')}</Link>
        </div>
      </div>
    </main>
  );
}
