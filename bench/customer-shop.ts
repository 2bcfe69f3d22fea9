import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../apps/server/src/db/client.js';
import {
  customerCards,
  micromarkets,
  organizations,
  paymentSettings,
  products,
  users,
} from '../apps/server/src/db/schema/index.js';
import { hashToken } from '../apps/server/src/lib/crypto.js';
import type { CustomerFridge, SessionsCommand, SessionsReport } from './customer-fridge-worker.js';

/** What the door close → paid benches sell with: the fridges, the customers' card tokens and the one product. */
export type CustomerShop = {
  orgId: number;
  productId: number;
  customerTokens: string[];
  fridges: CustomerFridge[];
};

/**
 * An organisation paid through the built-in test provider, one product, 50 customers each with
 * a saved card, and `fridges` micromarkets that sell by the payment scales (bench:sales-close,
 * bench:sales-instances).
 */
export async function seedCustomerShop(
  db: Db,
  options: { fridges: number; serialPrefix: string },
): Promise<CustomerShop> {
  const [org] = await db
    .insert(organizations)
    .values({ name: `Bench ${randomUUID().slice(0, 8)}` })
    .returning({ id: organizations.id });
  const orgId = org!.id;
  await db.insert(paymentSettings).values({ orgId, provider: 'test' });
  const [product] = await db
    .insert(products)
    .values({ orgId, name: 'Bench sandwich', sellCostMinor: 8_900, baseCostMinor: 5_000 })
    .returning({ id: products.id });
  const customers = await db
    .insert(users)
    .values(
      Array.from({ length: 50 }, (_, i) => ({
        orgId,
        name: `Customer ${i}`,
        email: `bench-${randomUUID()}@x.test`,
        userType: 1,
      })),
    )
    .returning({ id: users.id });
  const customerTokens = customers.map((customer) => `ct_bench_${customer.id}_${randomUUID().slice(0, 8)}`);
  await db.insert(customerCards).values(
    customers.map((customer, i) => ({
      orgId,
      userId: customer.id,
      token: customerTokens[i]!,
      provider: 'test',
      paymentMethod: `pm_bench_${customer.id}`,
      providerCustomer: `cus_bench_${customer.id}`,
    })),
  );
  const fridges = Array.from({ length: options.fridges }, (_, i) => ({
    serial: `${options.serialPrefix}${i}-${randomUUID().slice(0, 6)}`,
    token: randomUUID(),
  }));
  await db.insert(micromarkets).values(
    fridges.map((fridge) => ({
      orgId,
      name: fridge.serial,
      serialNumber: fridge.serial,
      tokenHash: hashToken(fridge.token),
      settings: { payment_scales: true },
    })),
  );
  return { orgId, productId: product!.id, customerTokens, fridges };
}

/**
 * The fridges in their own process (bench/customer-fridge-worker.ts), as real ones are: the
 * server's event loop carries the server's work only, not hundreds of MQTT clients' too.
 * `ask` sends a command and resolves with the worker's answer; `send` expects none.
 */
export function forkCustomerFleet() {
  const worker = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'customer-fridge-worker.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const answers: ((report: SessionsReport) => void)[] = [];
  worker.on('message', (report: SessionsReport) => {
    if (report.kind === 'failed') throw new Error(`fridge worker failed: ${report.error}`);
    answers.shift()?.(report);
  });
  return {
    ask: (command: SessionsCommand) =>
      new Promise<SessionsReport>((resolve) => {
        answers.push(resolve);
        worker.send(command);
      }),
    send: (command: SessionsCommand) => {
      worker.send(command);
    },
  };
}
