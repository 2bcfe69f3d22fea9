import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFleetFile, writeFleetFile } from './fleet-file.js';
import { provisionFleet } from './provision.js';

type Call = { url: string; method: string; body: unknown; authorization: string | undefined };

function fakeApi(calls: Call[]): typeof fetch {
  let created = 0;
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, method: init?.method ?? 'GET', body, authorization: headers.authorization });
    const json = (status: number, value: unknown) => new Response(JSON.stringify(value), { status });
    if (url.endsWith('/v1/user/login')) {
      return body.password === 'right'
        ? json(200, { token: 'session', default_page: 'dashboard' })
        : json(401, { message: 'Wrong email or password' });
    }
    if (url.includes('/v1/tag/list')) {
      const items = ['E200000000000001', 'E200000000000002', 'E200000000000003'].map((code, i) => ({
        id: i + 1,
        org_id: 1,
        code,
        status: 'new',
        product_id: 40 + i,
        product_name: 'Juice',
        batch_id: null,
        micromarket_id: null,
        micromarket_name: null,
        store_up_to: '2026-01-05T00:00:00.000Z',
        sold_at: null,
        removed_at: null,
        written_off_at: null,
        reason: null,
        created_at: '2026-01-01T00:00:00.000Z',
      }));
      return json(200, { items, next_cursor: null });
    }
    if (url.endsWith('/v1/device/create')) {
      created += 1;
      return json(200, {
        id: 100 + created,
        serial_number: body.serial_number,
        token: `token-${created}`,
        name: body.name,
      });
    }
    return json(404, { message: 'Not found' });
  }) as typeof fetch;
}

describe('provisioning through the API', () => {
  it('signs in, creates the micromarkets and shares the new tags out as restock pools', async () => {
    const calls: Call[] = [];
    const fleet = await provisionFleet({
      api: 'http://api.test/',
      email: 'admin@vitrina.local',
      password: 'right',
      count: 2,
      prefix: 'SIM-X',
      fetchImpl: fakeApi(calls),
    });
    expect(calls[0]).toMatchObject({ url: 'http://api.test/v1/user/login', method: 'POST' });
    const creates = calls.filter((call) => call.url.endsWith('/v1/device/create'));
    expect(creates.map((call) => call.body)).toEqual([
      { name: 'Simulated fridge 1', serial_number: 'SIM-X-1' },
      { name: 'Simulated fridge 2', serial_number: 'SIM-X-2' },
    ]);
    for (const call of calls.slice(1)) expect(call.authorization).toBe('Bearer session');
    expect(fleet.map((fridge) => [fridge.serial, fridge.token])).toEqual([
      ['SIM-X-1', 'token-1'],
      ['SIM-X-2', 'token-2'],
    ]);
    expect(fleet[0]!.pool).toEqual([
      { code: 'E200000000000001', product_id: 40 },
      { code: 'E200000000000003', product_id: 42 },
    ]);
    expect(fleet[1]!.pool).toEqual([{ code: 'E200000000000002', product_id: 41 }]);
  });

  it('says why when the sign-in is refused', async () => {
    await expect(
      provisionFleet({
        api: 'http://api.test',
        email: 'a@b.c',
        password: 'wrong',
        count: 1,
        prefix: 'S',
        fetchImpl: fakeApi([]),
      }),
    ).rejects.toThrow('POST /v1/user/login: 401 Wrong email or password');
  });
});

describe('the fleet file', () => {
  it('is written readable by its owner only and read back with defaults', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-'));
    const file = path.join(dir, 'fleet.json');
    writeFleetFile(file, [{ serial: 'A-1', token: 'secret', tags: ['T1', { code: 'T2', product_id: 3 }] }]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const [fridge] = readFleetFile(file);
    expect(fridge).toMatchObject({ serial: 'A-1', shelves: 4, sensors: ['rfid', 'weight'], pool: [], products: [] });
    expect(fridge!.tags).toEqual([
      { code: 'T1', product_id: null },
      { code: 'T2', product_id: 3 },
    ]);
    fs.writeFileSync(file, JSON.stringify([{ serial: 'bad serial!', token: '' }]));
    expect(() => readFleetFile(file)).toThrow(/is not a fleet file/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
