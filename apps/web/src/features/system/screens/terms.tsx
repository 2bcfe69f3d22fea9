import { ArrowLeftOutlined } from '@ant-design/icons';
import { PRODUCT_NAME } from '@vitrina/contract';
import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Logo } from '../../../components/logo';

const SECTIONS = [
  'acceptance',
  'service',
  'accounts',
  'customer_data',
  'acceptable_use',
  'fees',
  'availability',
  'liability',
  'termination',
  'changes',
  'contact',
] as const;

export default function TermsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main style={{ minHeight: '100vh', background: '#f4f6fb', padding: '24px 16px' }}>
      <div style={{ maxWidth: 860, margin: '0 auto' }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}>
          <Logo />
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
            {t('actions.back')}
          </Button>
        </div>
        <Card variant="borderless">
          <Typography>
            <Typography.Title level={1} style={{ fontSize: 28 }}>
              {t('terms.title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('terms.updated')}</Typography.Paragraph>
            <Typography.Paragraph>{t('terms.intro', { product: PRODUCT_NAME })}</Typography.Paragraph>
            {SECTIONS.map((section, index) => (
              <section key={section}>
                <Typography.Title level={4}>
                  {index + 1}. {t(`terms.sections.${section}.title`)}
                </Typography.Title>
                <Typography.Paragraph>
                  {t(`terms.sections.${section}.body`, { product: PRODUCT_NAME })}
                </Typography.Paragraph>
              </section>
            ))}
          </Typography>
        </Card>
      </div>
    </main>
  );
}
