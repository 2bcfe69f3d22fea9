import type { TCourierStops } from '@vitrina/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Which of the courier's routes run today; nothing for a courier on no route, who sees all the work. */
export function TodayRoutes({ routes }: { routes: TCourierStops['routes_today'] | undefined }) {
  const { t } = useTranslation();
  if (!routes) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      title={
        routes.length === 0 ? t('courier.no_route_today') : t('courier.routes_today', { names: routes.join(', ') })
      }
    />
  );
}
