import { PRODUCT_NAME } from '@vitrina/contract';
import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function AppFooter() {
  const { t } = useTranslation();
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: '16px 24px', color: 'rgba(0,0,0,0.45)', fontSize: 13 }}>
      <Link to="/terms">{t('layout.terms')}</Link>
      <span style={{ margin: '0 8px' }}>·</span>© {new Date().getFullYear()} {PRODUCT_NAME}
    </Layout.Footer>
  );
}
