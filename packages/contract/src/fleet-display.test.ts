import { describe, expect, it } from 'vitest';
import { countTiles, type TDisplayTile, tileConditions } from './resources/fleet-display.js';

const AT = '2026-07-01T09:00:00.000Z';
const tile = (changes: Partial<TDisplayTile> = {}): TDisplayTile => ({
  id: 1,
  org_id: 1,
  name: 'Office',
  address: null,
  active: true,
  connection: 'online',
  door: 'closed',
  temperature: 4,
  temperature_state: 'in_range',
  defrosting: false,
  locked: false,
  last_activity_at: AT,
  open_alerts: 0,
  alerts: [],
  locked_at: null,
  lock_reason: null,
  temperature_min: 2,
  temperature_max: 8,
  overheat_since: null,
  tilt: 0.5,
  tilt_limit: 2,
  door_open_since: null,
  latitude: null,
  longitude: null,
  ...changes,
});
const alert = (type: number, details: Record<string, unknown> = {}, id = 10 + type) => ({
  id,
  type,
  status: 'open' as const,
  opened_at: AT,
  details,
});
const kinds = (value: TDisplayTile) => tileConditions(value).map((condition) => condition.kind);

describe('tileConditions', () => {
  it('is empty for an online, closed fridge in range, and for a deactivated one whatever its state', () => {
    expect(tileConditions(tile())).toEqual([]);
    expect(tileConditions(tile({ active: false, connection: 'offline', locked: true }))).toEqual([]);
  });

  it('names each condition, most urgent first, with the reading, the limit and since when', () => {
    const all = tile({
      locked: true,
      locked_at: AT,
      temperature: 11,
      temperature_state: 'out_of_range',
      overheat_since: '2026-07-01T07:00:00.000Z',
      connection: 'offline',
      door: 'open',
      door_open_since: AT,
      tilt: 4.5,
      alerts: [alert(1, { temperature: 11, limit: 8 }), alert(2), alert(3, { unexplained_grams: 420, tolerance: 50 })],
    });
    expect(kinds(all)).toEqual(['locked', 'temperature', 'offline', 'door', 'weight', 'tilt', 'door_open']);
    const [locked, temperature, offline, door, weight, tilt, open] = tileConditions(all);
    expect(locked).toMatchObject({ severity: 'critical', reading: 11, limit: 8, since: AT, alert_id: 11 });
    expect(temperature).toMatchObject({
      severity: 'critical',
      is_current: true,
      reading: 11,
      limit: 8,
      unit: '°C',
      since: '2026-07-01T07:00:00.000Z',
      alert_id: 11,
      alert_type: 1,
    });
    expect(offline).toMatchObject({ severity: 'critical', since: AT });
    expect(door).toMatchObject({ severity: 'warning', alert_id: 12, alert_type: 2 });
    expect(weight).toMatchObject({ severity: 'warning', reading: 420, limit: 50, unit: 'g', alert_id: 13 });
    expect(tilt).toMatchObject({ severity: 'warning', reading: 4.5, limit: 2, unit: '°' });
    expect(open).toMatchObject({ severity: 'info', since: AT });
  });

  it('takes the lower limit when the fridge is too cold, and the alert’s start when no excursion start is kept', () => {
    const cold = tile({ temperature: 0.5, temperature_state: 'out_of_range', alerts: [alert(1, { temperature: 1 })] });
    expect(tileConditions(cold)).toMatchObject([{ kind: 'temperature', reading: 0.5, limit: 2, since: AT }]);
  });

  it('keeps an unresolved temperature alert of a fridge back in range as a warning that is not current', () => {
    const back = tile({ temperature: 5, alerts: [alert(1, { temperature: 9.9, limit: 8 })] });
    expect(tileConditions(back)).toEqual([
      {
        kind: 'temperature',
        severity: 'warning',
        is_current: false,
        reading: 9.9,
        limit: 8,
        unit: '°C',
        since: AT,
        alert_id: 11,
        alert_type: 1,
      },
    ]);
  });
});

describe('countTiles', () => {
  it('counts every condition a fridge has now, and the fridges all well', () => {
    const counts = countTiles([
      tile({ id: 1, temperature: 9.9, temperature_state: 'out_of_range' }),
      tile({
        id: 2,
        temperature: 11,
        temperature_state: 'out_of_range',
        alerts: [alert(1, { temperature: 11, limit: 8 })],
      }),
      tile({ id: 3, connection: 'offline', alerts: [alert(3, { unexplained_grams: 80, tolerance: 50 })] }),
      tile({ id: 4, alerts: [alert(3, { unexplained_grams: 90, tolerance: 50 })] }),
      tile({ id: 5, temperature: 5, alerts: [alert(1, { temperature: 9, limit: 8 })] }),
      tile({ id: 6 }),
      tile({ id: 7, active: false, connection: 'offline' }),
    ]);
    expect(counts).toEqual({
      locked: 0,
      temperature: 2,
      offline: 1,
      door: 0,
      weight: 2,
      tilt: 0,
      door_open: 0,
      ok: 1,
    });
  });
});
