import { uniqueSuffix } from '../../fixtures/catalogue';
import { apiLogin, expect, signIn, test } from '../../fixtures/session';

test('two people in one conversation see each other’s comments live', async ({ browser, request, baseURL }) => {
  const title = `Card charged twice ${uniqueSuffix()}`;
  const token = await apiLogin(request, 'support');
  const created = await request.post('/v1/support/create', {
    headers: { authorization: `Bearer ${token}` },
    data: { title, text: 'A customer called: the card was charged twice for one sandwich' },
  });
  expect(created.ok()).toBe(true);

  const open = async (role: 'support' | 'admin') => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    await signIn(context, request, role, baseURL!);
    const page = await context.newPage();
    await page.goto('/support/list');
    await page.getByRole('button', { name: `Open ${title}` }).click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    return { context, page, drawer: page.getByRole('dialog', { name: title }) };
  };
  const agent = await open('support');
  const admin = await open('admin');

  await agent.drawer.getByRole('textbox', { name: 'Write a comment' }).fill('Refund on its way');
  await agent.drawer.getByRole('button', { name: 'Send' }).click();
  // The other browser hears of it over the live stream, without a reload.
  await expect(admin.drawer.getByText('Refund on its way')).toBeVisible();
  await admin.drawer.getByRole('textbox', { name: 'Write a comment' }).fill('Approved, thanks');
  await admin.drawer.getByRole('button', { name: 'Send' }).click();
  await expect(agent.drawer.getByText('Approved, thanks')).toBeVisible();

  await agent.context.close();
  await admin.context.close();
});

test('a ticket is opened, taken, returned, taken again and resolved into the archive', async ({ page, signInAs }) => {
  const title = `Fridge leaks ${uniqueSuffix()}`;
  await signInAs('support');
  await page.goto('/ticket/list');
  await page.getByRole('button', { name: 'New ticket' }).click();
  const form = page.getByRole('dialog', { name: 'New ticket' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Text').fill('Water under the fridge on the 3rd floor');
  await form.getByRole('button', { name: 'Create' }).click();

  const drawer = page.getByRole('dialog', { name: title });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('New', { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Take into work' }).click();
  await expect(drawer.getByText('In work', { exact: true }).first()).toBeVisible();
  await drawer.getByRole('button', { name: 'Return' }).click();
  await expect(drawer.getByRole('button', { name: 'Take into work' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Take into work' }).click();
  await drawer.getByRole('textbox', { name: 'Write a comment' }).fill('Technician sent');
  await drawer.getByRole('button', { name: 'Send' }).click();
  await expect(drawer.getByText('Technician sent')).toBeVisible();
  await drawer.getByRole('button', { name: 'Problem resolved' }).click();
  // Archived, the conversation ends for the customer: the panel asks first.
  const confirm = page.getByRole('tooltip');
  await expect(confirm).toContainText('Mark it resolved? It moves to the archive.');
  await confirm.getByRole('button', { name: 'Problem resolved' }).click();
  await expect(drawer.getByText('In the archive: comments are closed')).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'Write a comment' })).toBeHidden();
  await drawer.getByRole('button', { name: 'Close' }).click();

  await expect(page.getByRole('row', { name: new RegExp(title) })).toBeHidden();
  await page.getByText('Archive', { exact: true }).click();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Resolved');
});
