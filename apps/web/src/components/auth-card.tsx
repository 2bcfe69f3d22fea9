import { PRODUCT_NAME } from '@vitrina/contract';
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoMark } from './logo';

/** The centered card every public form sits in: login, registration, password reset. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="auth-page">
      <div style={{ width: '100%', maxWidth: 420 }}>
        <Card
          variant="borderless"
          style={{ boxShadow: '0 12px 40px rgba(31, 56, 110, 0.12)' }}
          styles={{ body: { padding: 32 } }}
        >
          <div style={{ textAlign: 'center', marginBottom: 24 }}>
            <LogoMark size={48} />
            <Typography.Title level={3} style={{ margin: '12px 0 4px' }}>
              {title}
            </Typography.Title>
            <Typography.Text type="secondary">
              {subtitle ?? t('auth.tagline', { product: PRODUCT_NAME })}
            </Typography.Text>
          </div>
          {children}
        </Card>
        <div style={{ textAlign: 'center', marginTop: 16, fontSize: 13 }}>
          <Link to="/terms">{t('layout.terms')}</Link>
        </div>
      </div>
    </main>
  );
}
