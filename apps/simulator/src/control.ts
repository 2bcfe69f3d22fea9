import { ZDeviceDoorSession } from '@vitrina/contract';
import { FAULT_KINDS, type FaultKind, SENSOR_FAULT_KINDS } from './behaviour.js';
import type { Fridge } from './fridge.js';

export const CONTROL_HELP = `Commands (one a line):
  <fault> <serial|all> [on|off]   faults: ${FAULT_KINDS.join(', ')}
                                  (${SENSOR_FAULT_KINDS.join(', ')}: the next customer's session;
                                  camera-loss: the neuro camera of a fridge that has one)
  customer <serial|all> [code]    a customer opens the door; with the code an app shows
                                  (GET /v1/app/card/code), the reader reads that QR code
  courier <serial|all>            a courier restocks from the pool
  status                          one line per fridge
  help`;

/** Runs one control line against the fleet; answers what to print. */
export function runControl(line: string, fridges: Fridge[]): string {
  const [verb = '', who = '', state = 'on'] = line.trim().split(/\s+/);
  if (verb === '') return '';
  if (verb === 'help') return CONTROL_HELP;
  if (verb === 'status') return fridges.map(describe).join('\n');
  const chosen = who === 'all' ? fridges : fridges.filter((fridge) => fridge.serial === who);
  if (chosen.length === 0) return `no fridge ${who || '(none given)'}; try: status`;
  if (verb === 'customer' && state !== 'on') {
    // The QR code a customer's app shows at the reader: their door session is their sale.
    if (!ZDeviceDoorSession.shape.customer_token.safeParse(state).success) return `not a customer code: ${state}`;
    const opened = chosen.filter((fridge) => fridge.startSession('customer', undefined, state));
    return `customer with code ${state}: the door opened at ${opened.length} of ${chosen.length}`;
  }
  if (verb === 'customer' || verb === 'courier') {
    const opened = chosen.filter((fridge) => fridge.startSession(verb));
    return `${verb}: the door opened at ${opened.length} of ${chosen.length}`;
  }
  if ((FAULT_KINDS as readonly string[]).includes(verb)) {
    if (state !== 'on' && state !== 'off') return `say on or off, not ${state}`;
    for (const fridge of chosen) fridge.inject(verb as FaultKind, state === 'on');
    return `${verb} ${state} at ${chosen.length} fridge(s)`;
  }
  return `unknown command ${verb}\n${CONTROL_HELP}`;
}

function describe(fridge: Fridge): string {
  const t = fridge.telemetry();
  const faults = fridge.activeFaults;
  return [
    fridge.serial,
    fridge.isOnline ? 'online' : 'offline',
    `boot ${fridge.boot}`,
    `${String(t.temperature)} °C${t.defrosting ? ' (defrosting)' : ''}`,
    `door ${String(t.door)}`,
    `${fridge.cabinet.itemCount()} items`,
    faults.length > 0 ? `faults: ${faults.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('  ');
}
