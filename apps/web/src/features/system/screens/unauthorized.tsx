import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function UnauthorizedScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="auth-page">
      <Result
        status="403"
        title="401"
        subTitle={t('system.unauthorized')}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('system.back_home')}
          </Button>
        }
      />
    </main>
  );
}
