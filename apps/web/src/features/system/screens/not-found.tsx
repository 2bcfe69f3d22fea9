import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function NotFoundScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="auth-page">
      <Result
        status="404"
        title="404"
        subTitle={t('system.not_found')}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('system.back_home')}
          </Button>
        }
      />
    </main>
  );
}
