import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyResult } from './lazy-result';

/** The error state of a list or card: what failed and a way to try again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <LazyResult
      status="error"
      title={t('common.load_failed')}
      extra={<Button onClick={onRetry}>{t('common.retry')}</Button>}
    />
  );
}
