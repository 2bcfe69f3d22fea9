import { randomUUID } from 'node:crypto';
import { sellToE2eCustomer } from '../../fixtures/sales';
import { apiLogin, expect, test } from '../../fixtures/session';

type Receipts = { receipts: { kind: string; status: string }[] };

/**
 * The transaction card's fiscal receipts: a sale in a micromarket that registers
 * fiscal receipts (Kyiv, on the built-in test register), partly refunded, shows its sale receipt
 * and the refund's return receipt, each with its state, amount, number, the register's link and
 * Vitrina's receipt page at that receipt.
 */
test('an operator opens a partly refunded sale and sees its sale receipt and the refund’s return receipt', async ({
  page,
  request,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const headers = { authorization: `Bearer ${await apiLogin(request, 'admin')}` };
  const post = async (url: string, data: unknown) => {
    const response = await request.post(url, { headers, data });
    expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
    return response;
  };
  const orgs = (await (await request.get('/v1/organization/options', { headers })).json()) as {
    items: { id: number; name: string }[];
  };
  const kyiv = orgs.items.find((org) => org.name.startsWith('Kyiv'))!;
  await post(`/v1/organization/fiscal/system/update/${kyiv.id}`, { provider: 'test', delay_seconds: 0 });
  await post(`/v1/organization/fiscal/shift/open/${kyiv.id}`, {});
  // Two sandwiches, paid by the customer's saved card, in a fridge that registers receipts.
  const sale = await sellToE2eCustomer(request, { settings: { fiscal_receipts: true } });
  const receiptsOf = async () =>
    ((await (await request.get(`/v1/device/transaction/receipt/${sale.id}`, { headers })).json()) as Receipts).receipts;
  // The sale receipt first: a return waits (two minutes) for a sale receipt still on its way.
  await expect.poll(async () => (await receiptsOf())[0]?.status, { timeout: 30_000 }).toBe('ready');
  await post(`/v1/device/transaction/refund/${sale.id}`, {
    amount_minor: 2_000,
    reason: 'Goodwill',
    idempotency_key: randomUUID(),
  });
  await expect
    .poll(async () => (await receiptsOf()).map((receipt) => `${receipt.kind} ${receipt.status}`), { timeout: 30_000 })
    .toEqual(['sale ready', 'return ready']);

  await signInAs('admin');
  await page.goto(`/device/transaction/${sale.id}`);
  await expect(page.getByRole('heading', { name: `Transaction No. ${sale.id}` })).toBeVisible();
  const receipts = page.getByRole('list', { name: 'Fiscal receipts' });
  await expect(receipts.getByRole('listitem')).toHaveCount(2);

  const saleReceipt = receipts.getByRole('listitem').nth(0);
  await expect(saleReceipt).toHaveAccessibleName('Sale');
  await expect(saleReceipt).toContainText('Registered');
  // Two sandwiches at 45.00, less the bonuses the seeded customer may have earned in other specs.
  const paid = (sale.amountMinor / 100).toFixed(2);
  await expect(saleReceipt).toContainText(new RegExp(`UAH\\s*${paid.replace('.', '\\.')}`));
  await expect(saleReceipt).toContainText(/No\. \S+/);

  const returned = receipts.getByRole('listitem').nth(1);
  await expect(returned).toHaveAccessibleName('Return');
  await expect(returned).toContainText('Registered');
  await expect(returned).toContainText(/UAH\s*20\.00/);
  // Which refund: its time, as the refunds table above shows it.
  const refundedAt = await page.getByRole('row').filter({ hasText: 'Goodwill' }).getByRole('cell').last().innerText();
  await expect(returned).toContainText(`For the refund of ${refundedAt.trim()}`);
  const register = returned.getByRole('link', { name: 'Check at the register' });
  await expect(register).toHaveAttribute('target', '_blank');
  await expect(register).toHaveAttribute('rel', /noopener/);

  // Vitrina's own receipt page, at the return receipt.
  const link = returned.getByRole('link', { name: 'Receipt page' });
  await expect(link).toHaveAttribute('rel', /noopener/);
  const [receiptPage] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(receiptPage).toHaveURL(/\/receipt\/[0-9a-f-]+#fiscal-1$/);
  const shown = receiptPage.locator('#fiscal-1');
  await expect(shown).toContainText('Return receipt');
  await expect(shown).toContainText(/UAH\s*20\.00/);
  await expect(shown).toBeInViewport();
  await receiptPage.close();
});
