import { uniqueSuffix } from '../../fixtures/catalogue';
import { apiLogin, chooseOption, expect, signIn, test } from '../../fixtures/session';
import { MicromarketCard } from '../../pages/micromarket-card';

/**
 * Issue 9: the platform links another organisation to Vitrina Demo as a view-only
 * sub-organisation, and the demo operator sees its rows at once, read-only.
 */
test('a sub-organisation link makes the other organisation’s micromarket appear read-only', async ({
  page,
  browser,
  request,
  signInAs,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const token = await apiLogin(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const suffix = uniqueSuffix();
  const name = `Lutsk Markets ${suffix}`;
  const created = await request.post('/v1/organization/create', { headers, data: { name, contact_name: 'Oksana' } });
  expect(created.ok(), await created.text()).toBe(true);
  const lutsk = (await created.json()) as { id: number };
  const fridgeName = `Lutsk fridge ${suffix}`;
  const fridge = await request.post('/v1/device/create', {
    headers,
    data: { org_id: lutsk.id, name: fridgeName, serial_number: `E2E-LUTSK-${suffix}` },
  });
  expect(fridge.ok(), await fridge.text()).toBe(true);
  const { id: fridgeId } = (await fridge.json()) as { id: number };

  // The operator cannot see it yet.
  const operatorContext = await browser.newContext();
  await signIn(operatorContext, request, 'operator', baseURL!);
  const operatorPage = await operatorContext.newPage();
  const operatorCard = new MicromarketCard(operatorPage);
  await operatorCard.open(fridgeId);
  await expect(operatorPage.getByText('Micromarket not found')).toBeVisible();

  // The platform opens Vitrina Demo's card and adds Lutsk as a view-only sub-organisation.
  await signInAs('admin');
  await page.goto('/organization/list');
  await page.getByRole('link', { name: 'Vitrina Demo', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Vitrina Demo' })).toBeVisible();
  await page.getByRole('tab', { name: 'Sub-organizations' }).click();
  await chooseOption(page, page.getByLabel('Add a sub-organization'), name);
  await page.getByRole('button', { name: 'Grant access' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByLabel(`Access to ${name}`)).toBeVisible();

  // At once, without signing in again: the operator sees Lutsk's micromarket, without edit.
  await operatorPage.reload();
  await operatorCard.expectHeading(fridgeName);
  await expect(operatorPage.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await operatorPage.goto('/organization/list');
  const listed = operatorPage.getByRole('row', { name: new RegExp(name) });
  await expect(listed).toBeVisible();
  await expect(listed.getByText('View only')).toBeVisible();
  await operatorContext.close();
});
