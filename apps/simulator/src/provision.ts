import { ZLoginResponse, ZTagList } from '@vitrina/contract';
import { z } from 'zod';
import type { FleetFridgeInput } from './fleet-file.js';

/**
 * The create answer as the fleet API documents it: the micromarket with its private token,
 * shown this once. Declared here because the contract of this branch does not carry it yet.
 */
const ZCreatedDevice = z.object({ id: z.int(), serial_number: z.string(), token: z.string().min(1) });

export type ProvisionOptions = {
  api: string;
  email: string;
  password: string;
  count: number;
  /** Serial numbers become `${prefix}-1`, `${prefix}-2`, … */
  prefix: string;
  /** New tags of the organisation a courier may bring in, shared out between the fridges. */
  poolSize?: number;
  fetchImpl?: typeof fetch;
  log?: (line: string) => void;
};

/**
 * Creates micromarkets through the real HTTP API (sign in, then `POST /v1/device/create`)
 * and answers a fleet: their serials and tokens, empty cabinets and a restock pool taken
 * from the organisation's new tags.
 */
export async function provisionFleet(options: ProvisionOptions): Promise<FleetFridgeInput[]> {
  const api = options.api.replace(/\/$/, '');
  const call = async <T>(schema: z.ZodType<T>, path: string, init: RequestInit & { token?: string } = {}) => {
    const { token, ...rest } = init;
    const response = await (options.fetchImpl ?? fetch)(`${api}${path}`, {
      ...rest,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const message = (body as { message?: string } | null)?.message ?? response.statusText;
      throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${message}`);
    }
    return schema.parse(body);
  };

  const { token } = await call(ZLoginResponse, '/v1/user/login', {
    method: 'POST',
    body: JSON.stringify({ email: options.email, password: options.password }),
  });

  let pool: { code: string; product_id: number }[] = [];
  try {
    const tags = await call(ZTagList, `/v1/tag/list?status=new&per_page=${options.poolSize ?? 100}`, { token });
    pool = tags.items.map((tag) => ({ code: tag.code, product_id: tag.product_id }));
  } catch (error) {
    options.log?.(`no restock pool: ${error instanceof Error ? error.message : String(error)}`);
  }

  const fleet: FleetFridgeInput[] = [];
  for (let n = 1; n <= options.count; n++) {
    const created = await call(ZCreatedDevice, '/v1/device/create', {
      method: 'POST',
      token,
      body: JSON.stringify({ name: `Simulated fridge ${n}`, serial_number: `${options.prefix}-${n}` }),
    });
    options.log?.(`created micromarket ${created.id} (${created.serial_number})`);
    fleet.push({
      serial: created.serial_number,
      token: created.token,
      name: `Simulated fridge ${n}`,
      tags: [],
      pool: pool.filter((_, index) => index % options.count === n - 1),
      products: [...new Set(pool.map((tag) => tag.product_id))].map((id) => ({ id })),
    });
  }
  return fleet;
}
