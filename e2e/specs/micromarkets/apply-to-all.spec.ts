import { createRequire } from 'node:module';
import { apiAs, demoMainOrg, uniqueSuffix } from '../../fixtures/catalogue';
import { apiLogin, expect, test } from '../../fixtures/session';
import { MicromarketCard } from '../../pages/micromarket-card';

type Sharp = (options: object) => { png: () => { toBuffer: () => Promise<Buffer> } };
const sharp = createRequire(import.meta.url)('sharp') as Sharp;

/**
 * Issue 25, planograms and products: a template changed after it was applied is applied again
 * from one micromarket to every micromarket using it, after a confirmation listing them; the
 * layout's tiles carry the products' pictures; "Place on a planogram" on a product card opens
 * the micromarket's planogram editor with the product ready to place.
 */
test('"Apply" offers the template to every micromarket using it, and the tiles show the products’ pictures', async ({
  page,
  request,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const post = await apiAs(request, 'admin');
  const admin = { authorization: `Bearer ${await apiLogin(request, 'admin')}` };
  const main = await demoMainOrg(request);
  const suffix = uniqueSuffix();
  const productName = `Tile juice ${suffix}`;
  const product = await post<{ id: number }>('/v1/product/create', {
    name: productName,
    sell_cost: 3000,
    org_id: main.id,
  });
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2f9e44' } })
    .png()
    .toBuffer();
  const uploaded = await request.post(`/v1/product/image/${product.id}`, {
    headers: admin,
    multipart: { file: { name: 'juice.png', mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const markets: { id: number; name: string }[] = [];
  for (const name of ['North', 'South', 'West']) {
    const market = await post<{ id: number }>('/v1/device/create', {
      org_id: main.id,
      name: `${name} ${suffix}`,
      address: `${name} street 1`,
      serial_number: `E2E-ALL-${name}-${suffix}`,
    });
    markets.push({ id: market.id, name: `${name} ${suffix}` });
  }
  const templateName = `Everywhere ${suffix}`;
  const layout = (capacity: number) => ({
    shelves: [{ number: 1, sections: [{ product_id: product.id, capacity }] }],
  });
  const template = await post<{ id: number }>('/v1/planogram/template/create', {
    name: templateName,
    org_id: main.id,
    layout: layout(4),
  });
  for (const market of markets) await post(`/v1/planogram/apply/${market.id}`, { template_id: template.id });
  // The template changes: the three keep the copy they were given.
  await post(`/v1/planogram/template/update/${template.id}`, { name: templateName, layout: layout(9) });

  await signInAs('operator');
  const [north, south, west] = markets as [(typeof markets)[0], (typeof markets)[0], (typeof markets)[0]];
  await new MicromarketCard(page).open(north.id, 'planogram');
  const shelf = page.getByRole('listitem', { name: 'Shelf 1' });
  await expect(shelf).toContainText('× 4');
  const tile = shelf.getByRole('img', { name: productName });
  await expect(tile).toHaveAttribute('src', /^\/files\/products\/.+\.webp$/);
  await expect(tile).toHaveAttribute('loading', 'lazy');
  await expect.poll(() => tile.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.getByRole('button', { name: `Apply ${templateName}` }).click();
  const confirm = page.getByRole('dialog', { name: `Apply ${templateName}` });
  const others = confirm.getByRole('region', { name: 'Micromarkets using this template' });
  await expect(others.getByRole('listitem')).toHaveText([
    `${south.name} · South street 1`,
    `${west.name} · West street 1`,
  ]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('apply-to-all-1280.png') });
  await confirm.getByRole('button', { name: 'Here and everywhere it is used (3)' }).click();
  await expect(page.getByText('Applied to 3 micromarkets')).toBeVisible();
  await expect(confirm).toBeHidden();

  for (const market of markets) {
    const planogram = (await (
      await request.get(`/v1/planogram/micromarket/${market.id}`, { headers: admin })
    ).json()) as { active: { layout: { shelves: { sections: { capacity: number }[] }[] } } };
    expect(planogram.active.layout.shelves[0]!.sections[0]!.capacity).toBe(9);
  }
  await page.getByRole('tab', { name: 'Planogram', exact: true }).last().click();
  await expect(shelf).toContainText('× 9');
  await page.screenshot({ path: test.info().outputPath('planogram-tiles-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('planogram-tiles-390.png'), fullPage: true });
});

test('"Place on a planogram" on a product card opens the planogram editor with the product ready', async ({
  page,
  request,
  signInAs,
}) => {
  const post = await apiAs(request, 'admin');
  const main = await demoMainOrg(request);
  const suffix = uniqueSuffix();
  const water = `Place water ${suffix}`;
  const salad = `Place salad ${suffix}`;
  const waterId = (await post<{ id: number }>('/v1/product/create', { name: water, sell_cost: 2000, org_id: main.id }))
    .id;
  const saladId = (await post<{ id: number }>('/v1/product/create', { name: salad, sell_cost: 4000, org_id: main.id }))
    .id;
  const marketName = `Place fridge ${suffix}`;
  const market = await post<{ id: number }>('/v1/device/create', {
    org_id: main.id,
    name: marketName,
    serial_number: `E2E-PLACE-${suffix}`,
  });
  const templateName = `Place ${suffix}`;
  const template = await post<{ id: number }>('/v1/planogram/template/create', {
    name: templateName,
    org_id: main.id,
    layout: { shelves: [{ number: 1, sections: [{ product_id: waterId, capacity: 6 }] }] },
  });
  await post(`/v1/planogram/apply/${market.id}`, { template_id: template.id });

  await signInAs('operator');
  await page.goto(`/product/${saladId}`);
  await page.getByRole('button', { name: 'Place on a planogram' }).click();
  const choose = page.getByRole('dialog', { name: `Place ${salad} on a planogram` });
  await choose.getByLabel('Micromarket').fill(marketName);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: marketName }).click();
  await choose.getByRole('button', { name: 'Open the planogram' }).click();

  await expect(page).toHaveURL(new RegExp(`/device/${market.id}\\?tab=planogram&place=${saladId}`));
  // The editor of the active template, the product first in the palette and a "place here" on each shelf.
  const drawer = page.getByRole('dialog', { name: 'Edit template' });
  await expect(drawer.getByLabel('Name')).toHaveValue(templateName);
  await expect(drawer.getByText(`Place ${salad}`, { exact: true })).toBeVisible();
  await expect(
    drawer.getByRole('region', { name: 'Products to place' }).locator('.planogram-palette-item').first(),
  ).toHaveText(salad);
  await drawer.getByRole('button', { name: `Place ${salad} on shelf 1` }).click();
  await expect(drawer.getByLabel('Section 2 of shelf 1', { exact: true }).locator('..')).toContainText(salad);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  await new MicromarketCard(page).expectAt(market.id, 'planogram');

  // Saved into the template; applied here, the salad has its place.
  await page.getByRole('button', { name: `Apply ${templateName}` }).click();
  await page
    .getByRole('dialog', { name: `Apply ${templateName}` })
    .getByRole('button', { name: 'Apply' })
    .click();
  await page.getByRole('tab', { name: 'Planogram', exact: true }).last().click();
  await expect(page.getByRole('listitem', { name: 'Shelf 1' })).toContainText(salad);
});
