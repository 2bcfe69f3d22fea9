import { formatWallTime } from '@vitrina/contract';
import { apiAs, uniqueSuffix } from '../../fixtures/catalogue';
import { chooseOption, expect, test } from '../../fixtures/session';

/** Two customers of the demo's main organisation in a group of their phones, made through the API. */
async function groupOfTwoCustomers(request: Parameters<typeof apiAs>[0]) {
  const post = await apiAs(request, 'admin');
  const suffix = uniqueSuffix();
  const digits = () => String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  const phones = [`+38067${digits()}`, `+38067${digits()}`];
  for (const [index, phone] of phones.entries()) {
    await post('/v1/user/create', {
      name: `Push customer ${index} ${suffix}`,
      email: `push.${index}.${suffix}@e2e.local`,
      phones: [phone],
      user_type: 1,
      org_id: 1,
    });
  }
  const group = await post<{ id: number; name: string }>('/v1/user/group/create', {
    name: `Push regulars ${suffix}`,
    org_id: 1,
  });
  await post(`/v1/user/group/import/${group.id}`, { text: phones.join('\n') });
  return group;
}

test('an operator schedules a push to a group, sees it in the queue and calls it off', async ({
  page,
  request,
  signInAs,
}) => {
  const group = await groupOfTwoCustomers(request);
  const title = `Fresh salads ${uniqueSuffix()}`;
  // Tomorrow at this time on the organisation's clock (the demo's main organisation is in Kyiv).
  const sendAt = formatWallTime(new Date(Date.now() + 24 * 3600_000), 'Europe/Kyiv');

  await signInAs('operator');
  await page.goto('/push/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Text', { exact: true }).fill('New salads in your fridge today');
  await page.getByRole('radio', { name: 'Groups' }).check();
  await chooseOption(page, page.getByRole('combobox', { name: 'Which groups' }), group.name);
  // A multiple select stays open for more choices; Escape closes it, as a user would.
  await page.keyboard.press('Escape');
  await page.getByText('At a date and time', { exact: true }).click();
  await page.getByLabel('Date and time', { exact: true }).fill(sendAt);
  await expect(page.getByText('On the organisation’s clock (Europe/Kyiv)')).toBeVisible();
  await expect(page.getByRole('figure', { name: 'How the customer sees it' })).toContainText(title);

  await page.getByRole('button', { name: 'Count recipients' }).click();
  await expect(page.getByTestId('push-recipients')).toHaveText('2');
  await page.getByRole('button', { name: 'Schedule' }).click();

  await expect(page).toHaveURL(/\/push\/queue/);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByRole('cell').first()).toHaveText(`${sendAt.replace('T', ' ')} (Europe/Kyiv)`);
  await expect(row).toContainText('Scheduled');
  await expect(row).toContainText(`Groups: ${group.name}`);
  await expect(row).toContainText('0 of 2 delivered');

  await row.getByRole('button', { name: `Cancel ${title}` }).click();
  await page.getByRole('button', { name: 'Call off' }).click();
  await expect(page.getByText('The message is called off')).toBeVisible();
  await expect(row).toContainText('Cancelled');
  await expect(row.getByRole('button', { name: `Cancel ${title}` })).toBeHidden();
});

test('a message sent now goes out to the group and the queue counts its deliveries', async ({
  page,
  request,
  signInAs,
}) => {
  const group = await groupOfTwoCustomers(request);
  const title = `Flash sale ${uniqueSuffix()}`;
  await signInAs('operator');
  await page.goto('/push/new');
  await page.getByText('Important', { exact: true }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Text', { exact: true }).fill('Half price until noon');
  await page.getByRole('radio', { name: 'Groups' }).check();
  await chooseOption(page, page.getByRole('combobox', { name: 'Which groups' }), group.name);
  // A multiple select stays open for more choices; Escape closes it, as a user would.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Send' }).click();
  // Sent now it cannot be called back: the panel asks first, naming who gets it.
  const confirm = page.getByRole('dialog', { name: 'Send this message now?' });
  await expect(confirm).toContainText('It goes out at once to Groups');
  await confirm.getByRole('button', { name: 'Send' }).click();

  await expect(page).toHaveURL(/\/push\/queue/);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  // The job runner takes the message within a second; the queue itself refreshes every 30 s, so look again.
  // Each look waits for the list to draw (slow on a loaded machine) before reading the status.
  await expect(async () => {
    await page.goto(`/push/queue?q=${encodeURIComponent(title)}`);
    await expect(row).toBeVisible({ timeout: 10_000 });
    await expect(row).toContainText('Sent', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('2 of 2 delivered');
  await expect(row).toContainText('Important');
});
