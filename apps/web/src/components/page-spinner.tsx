import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function PageSpinner({ isFullScreen = false }: { isFullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: isFullScreen ? '100vh' : 320 }}>
      <Spin size="large" aria-label={t('common.loading')} />
    </Flex>
  );
}
