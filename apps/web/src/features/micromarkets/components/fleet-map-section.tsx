import './board.css';
import { api, type EndpointQuery } from '@vitrina/contract';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useEndpoint } from '../../../lib/endpoint-query';
import { useLiveRefetch } from '../../../lib/live';
import { useLiveSearchParams } from '../../../lib/live-search-params';
import { FleetMapView } from './fleet-map-view';

/** The list's filters the map shows the fleet by (the page, its size and the sort are not filters). */
type MapFilters = EndpointQuery<typeof api.micromarket.display>;

function MapCard({ filters }: { filters: MapFilters }) {
  const fleet = useEndpoint(api.micromarket.display, { query: filters });
  useLiveRefetch('micromarket.state', [api.micromarket.display.tag]);
  useLiveRefetch('alert', [api.micromarket.display.tag]);
  if (fleet.isError) return <LoadError onRetry={() => fleet.refetch()} />;
  if (!fleet.data) return <div style={{ height: 420, background: '#eef2f6', borderRadius: 10 }} />;
  return <FleetMapView tiles={fleet.data.items} map={fleet.data.map} now={Date.now()} />;
}

/**
 * The device list's map of the fleet (live status colours, clusters), narrowed by the list's
 * filters, opened on demand and kept in the URL.
 */
export function FleetMapSection({ filters }: { filters: MapFilters }) {
  const { t } = useTranslation();
  const [params, setParams] = useLiveSearchParams();
  const isOpen = params.get('map') === '1';
  const toggle = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (current.get('map') === '1') next.delete('map');
        else next.set('map', '1');
        return next;
      },
      { replace: true },
    );
  return (
    <Card
      variant="borderless"
      className="panel-card"
      style={{ marginBottom: 16 }}
      title={t('devices.board.map')}
      extra={
        <Button onClick={toggle} aria-expanded={isOpen}>
          {isOpen ? t('devices.board.hide_map') : t('devices.board.show_map')}
        </Button>
      }
      styles={isOpen ? undefined : { body: { display: 'none' } }}
    >
      {isOpen && <MapCard filters={filters} />}
    </Card>
  );
}
