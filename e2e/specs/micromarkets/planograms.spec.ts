import { apiAs, demoMainOrg, uniqueSuffix } from '../../fixtures/catalogue';
import { chooseOption, expect, test } from '../../fixtures/session';
import { MicromarketCard } from '../../pages/micromarket-card';

/**
 * Planograms: the operator draws a template on the micromarket's planogram tab,
 * applies it and sees the layout; schedules it for days (queued), and a second schedule
 * over the same days asks first, then cancels the first one.
 */
test('a template drawn on the planogram tab is applied, scheduled, and an overlapping schedule asks first', async ({
  page,
  request,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const post = await apiAs(request, 'admin');
  const main = await demoMainOrg(request);
  const suffix = uniqueSuffix();
  const productName = `Plano juice ${suffix}`;
  await post('/v1/product/create', { name: productName, sell_cost: 3000, org_id: main.id });
  const market = await post<{ id: number }>('/v1/device/create', {
    org_id: main.id,
    name: `Plano fridge ${suffix}`,
    serial_number: `E2E-PLN-${suffix}`,
  });
  const templateName = `Morning ${suffix}`;

  await signInAs('operator');
  await new MicromarketCard(page).open(market.id, 'planogram');
  await expect(page.getByText('No planogram is active')).toBeVisible();
  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.getByRole('button', { name: 'New template' }).click();
  const drawer = page.getByRole('dialog', { name: 'New template' });
  await drawer.getByLabel('Name').fill(templateName);
  await chooseOption(page, drawer.getByLabel('Section 1 of shelf 1', { exact: true }), productName);
  await drawer.getByLabel('Capacity · Section 1 of shelf 1').fill('8');
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: `Apply ${templateName}` }).click();
  await page
    .getByRole('dialog', { name: `Apply ${templateName}` })
    .getByRole('button', { name: 'Apply' })
    .click();
  await expect(page.getByText('Planogram applied')).toBeVisible();
  await page.getByRole('tab', { name: 'Planogram', exact: true }).last().click();
  const shelf = page.getByRole('listitem', { name: 'Shelf 1' });
  await expect(shelf).toContainText(productName);
  await expect(shelf).toContainText('× 8');

  await page.getByRole('tab', { name: 'Schedules' }).click();
  const schedule = async (from: string, to: string) => {
    await chooseOption(page, page.getByLabel('Template', { exact: true }), templateName);
    const dates = page.locator('.ant-picker-range');
    await dates.locator('input').first().click();
    await dates.locator('input').first().fill(from);
    await dates.locator('input').last().fill(to);
    await dates.locator('input').last().press('Enter');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  };
  await schedule('2031-03-10', '2031-03-12');
  const first = page.getByRole('row').filter({ hasText: '2031-03-10 — 2031-03-12' });
  await expect(first).toContainText('Queued');

  await schedule('2031-03-12', '2031-03-15');
  const ask = page.getByRole('dialog').filter({ hasText: 'The dates overlap other schedules' });
  await expect(ask).toContainText('It overlaps 1 schedule(s) of this micromarket');
  await ask.getByRole('button', { name: 'Cancel them and queue this one' }).click();
  await expect(page.getByRole('row').filter({ hasText: '2031-03-12 — 2031-03-15' })).toContainText('Queued');
  await expect(first).toContainText('Cancelled');
});

test('products dragged onto a template’s shelves fill a section and add one', async ({ page, request, signInAs }) => {
  const post = await apiAs(request, 'admin');
  const main = await demoMainOrg(request);
  const suffix = uniqueSuffix();
  const water = `Drag water ${suffix}`;
  const salad = `Drag salad ${suffix}`;
  for (const name of [water, salad]) await post('/v1/product/create', { name, sell_cost: 2000, org_id: main.id });
  const market = await post<{ id: number }>('/v1/device/create', {
    org_id: main.id,
    name: `Drag fridge ${suffix}`,
    serial_number: `E2E-DRG-${suffix}`,
  });
  const templateName = `Dragged ${suffix}`;

  await signInAs('operator');
  await new MicromarketCard(page).open(market.id, 'planogram');
  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.getByRole('button', { name: 'New template' }).click();
  const drawer = page.getByRole('dialog', { name: 'New template' });
  await drawer.getByLabel('Name').fill(templateName);
  const palette = drawer.getByRole('region', { name: 'Products to place' });
  await palette.getByLabel('Find a product').fill(suffix);
  // The search's answer reorders the palette: drag only once it lists the two products alone.
  await expect(palette.locator('.planogram-palette-item')).toHaveText([salad, water]);
  await palette.getByText(water, { exact: true }).dragTo(drawer.getByLabel('Section 1 of shelf 1', { exact: true }));
  await expect(drawer.getByRole('combobox', { name: 'Section 1 of shelf 1' }).locator('..')).toContainText(water);
  await palette.getByText(salad, { exact: true }).dragTo(drawer.getByRole('button', { name: 'Add a section' }));
  await expect(drawer.getByLabel('Section 2 of shelf 1', { exact: true }).locator('..')).toContainText(salad);
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: `Apply ${templateName}` }).click();
  await page
    .getByRole('dialog', { name: `Apply ${templateName}` })
    .getByRole('button', { name: 'Apply' })
    .click();
  await page.getByRole('tab', { name: 'Planogram', exact: true }).last().click();
  const shelf = page.getByRole('listitem', { name: 'Shelf 1' });
  await expect(shelf).toContainText(water);
  await expect(shelf).toContainText(salad);
});
