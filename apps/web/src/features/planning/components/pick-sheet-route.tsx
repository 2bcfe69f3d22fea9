import type { TPickSheetRoute, TPickSheetStop } from '@vitrina/contract';
import { useTranslation } from 'react-i18next';

/** An empty box to tick with a pen. */
const Box = () => <span className="pick-box" aria-hidden="true" />;

function StopSheet({ stop }: { stop: TPickSheetStop }) {
  const { t } = useTranslation();
  return (
    <section className="pick-stop" aria-label={stop.name}>
      <h3>
        <Box /> {stop.name}
      </h3>
      {stop.address && <div className="pick-muted">{stop.address}</div>}
      <table className="pick-table">
        <thead>
          <tr>
            <th className="pick-check">{t('planning.sheet.done')}</th>
            <th>{t('planning.product')}</th>
            <th className="pick-number">{t('planning.bring')}</th>
            <th className="pick-number">{t('planning.take_out')}</th>
          </tr>
        </thead>
        <tbody>
          {stop.lines.map((line) => (
            <tr key={line.product_id}>
              <td className="pick-check">
                <Box />
              </td>
              <td>{line.product_name}</td>
              <td className="pick-number">{line.bring > 0 ? line.bring : ''}</td>
              <td className="pick-number">{line.take_out > 0 ? line.take_out : ''}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td />
            <td>{t('planning.sheet.total')}</td>
            <td className="pick-number">{stop.bring}</td>
            <td className="pick-number">{stop.take_out}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

/** One route's sheet: date, route and courier, the pick from storage, then each stop to tick off. */
export function PickSheetRoute({ route, date }: { route: TPickSheetRoute; date: string }) {
  const { t } = useTranslation();
  const name = route.group_name ?? t('planning.no_route');
  return (
    <article className="pick-sheet" aria-label={t('planning.sheet.of_route', { name })}>
      <header className="pick-sheet-head">
        <h2>{t('planning.sheet.title')}</h2>
        <dl>
          <dt>{t('planning.sheet.date')}</dt>
          <dd>{date}</dd>
          <dt>{t('planning.sheet.route')}</dt>
          <dd>{name}</dd>
          <dt>{t('planning.sheet.courier')}</dt>
          <dd>{route.couriers.length > 0 ? route.couriers.join(', ') : <span className="pick-blank" />}</dd>
          <dt>{t('planning.sheet.stops')}</dt>
          <dd>{route.stops.length}</dd>
        </dl>
      </header>
      <h3>{t('planning.sheet.pick')}</h3>
      <table className="pick-table">
        <thead>
          <tr>
            <th className="pick-check">{t('planning.sheet.picked')}</th>
            <th>{t('planning.product')}</th>
            <th className="pick-number">{t('planning.bring')}</th>
            <th className="pick-number">{t('planning.in_storage')}</th>
          </tr>
        </thead>
        <tbody>
          {route.pick.map((line) => (
            <tr key={line.product_id}>
              <td className="pick-check">
                <Box />
              </td>
              <td>{line.product_name}</td>
              <td className="pick-number">{line.bring}</td>
              <td className="pick-number">{line.in_storage}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {route.stops.map((stop) => (
        <StopSheet key={stop.micromarket_id} stop={stop} />
      ))}
      <footer className="pick-sign">
        <span>{t('planning.sheet.signature')}</span>
        <span className="pick-blank" />
      </footer>
    </article>
  );
}
