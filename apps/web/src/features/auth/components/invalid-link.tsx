import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-error';

export function InvalidLink({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={isApiError(error) ? error.message : t('auth.link_invalid')}
      extra={
        <Link to="/login">
          <Button type="primary">{t('auth.back_to_login')}</Button>
        </Link>
      }
      style={{ padding: '8px 0' }}
    />
  );
}
