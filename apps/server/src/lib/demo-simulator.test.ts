import { describe, expect, it } from 'vitest';
import { simulatorArgs } from './demo-simulator.js';

describe('simulatorArgs', () => {
  it('runs the fleet file against the embedded broker, quietly', () => {
    expect(simulatorArgs({ fleetFile: '/data/demo-fleet.json', brokerPort: 1883 })).toEqual([
      '--fleet',
      '/data/demo-fleet.json',
      '--url',
      'mqtt://127.0.0.1:1883',
      '--quiet',
    ]);
  });

  it('passes a number of customers per hour when one is given (0 for the end-to-end fleet)', () => {
    expect(simulatorArgs({ fleetFile: 'f.json', brokerPort: 2883, customersPerHour: 0 }).slice(-2)).toEqual([
      '--customers-per-hour',
      '0',
    ]);
  });
});
