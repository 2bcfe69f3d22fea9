import { apiAs, demoKyivOrg, uniqueSuffix } from '../../fixtures/catalogue';
import { expect, test } from '../../fixtures/session';
import { MicromarketCard } from '../../pages/micromarket-card';

/**
 * Issue 25: the micromarket card's shelves and the micromarket list are wider than their
 * card at 1280 px; their last column stays in reach, and an address opens a maps search in a
 * new tab (§9), safely (§5).
 */
test('at 1280 px the shelves’ Calibrate and row buttons and the list’s actions are in view; addresses open maps', async ({
  page,
  request,
  signInAs,
}) => {
  const post = await apiAs(request, 'admin');
  const kyiv = await demoKyivOrg(request);
  const suffix = uniqueSuffix();
  const address = `Kyiv, Velyka Vasylkivska St, ${suffix}`;
  const name = `Wide fridge ${suffix}`;
  const micromarket = await post<{ id: number }>('/v1/device/create', {
    org_id: kyiv.id,
    name,
    serial_number: `E2E-WIDE-${suffix}`,
    address,
  });
  // A well stocked shelf with many trackers: the row that pushed the buttons out of the card.
  const products: number[] = [];
  for (const flavour of ['Sparkling Alpine', 'Lightly Sparkling Zakarpattia', 'Orange Fresh Sicilia', 'Lime Sunny']) {
    const product = await post<{ id: number }>('/v1/product/create', {
      name: `${flavour} water 0.5 l ${suffix}`,
      sell_cost: 3500,
      org_id: kyiv.id,
    });
    products.push(product.id);
  }
  await post(`/v1/device/shelf/create/${micromarket.id}`, {
    number: 1,
    name: 'Top shelf by the window',
    trackers: ['S4-0001-AAAA', 'S4-0002-BBBB', 'S4-0003-CCCC'],
    product_ids: products,
  });

  await signInAs('admin');
  await page.setViewportSize({ width: 1280, height: 800 });
  const card = new MicromarketCard(page);
  await card.open(micromarket.id, 'shelves');
  const inView = async (locator: ReturnType<typeof page.getByRole>) => {
    await expect(locator).toBeVisible();
    const box = (await locator.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
  };
  const calibrate = page.getByRole('button', { name: 'Calibrate' });
  await inView(calibrate);
  await inView(page.getByRole('button', { name: 'Delete shelf 1' }));
  await calibrate.click();
  await expect(page.getByText('Tare the scale of shelf 1? Empty the shelf first.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // The card's address: a maps search, in a new tab that cannot reach back into the panel.
  await card.goToTab('Main');
  const mapsQuery = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
  const cardAddress = page.getByRole('link', { name: address });
  await expect(cardAddress).toHaveAttribute('href', mapsQuery);
  await expect(cardAddress).toHaveAttribute('target', '_blank');
  await expect(cardAddress).toHaveAttribute('rel', /noopener/);

  // The list: the row's address links to maps, its actions button (last column) is in view and opens.
  await page.goto(`/device/list?q=${encodeURIComponent(name)}`);
  const row = page.getByRole('row').filter({ hasText: name });
  const listAddress = row.getByRole('link', { name: address });
  await expect(listAddress).toHaveAttribute('href', mapsQuery);
  await expect(listAddress).toHaveAttribute('target', '_blank');
  await expect(listAddress).toHaveAttribute('rel', /noopener/);
  const actions = row.getByRole('button', { name: `Actions for ${name}` });
  await inView(actions);
  await actions.click();
  await expect(page.getByRole('menuitem', { name: 'Open card' })).toBeVisible();
});
