import { expect, test } from '../../fixtures/session';

/** Krakow, the franchisor's organisation (the role that manages its subscription). */
const KRAKOW = 3;

/**
 * Issue 24: the subscription card is saved with a setup of the platform's payment system; with
 * the test provider (SEED=e2e) its offline card form stands in for Stripe.js.
 */
test('the subscription card is replaced through the test provider’s card form', async ({ page, signInAs }) => {
  await signInAs('franchisor');
  await page.goto(`/organization/subscription?org_id=${KRAKOW}`);
  await page.getByRole('tab', { name: 'Card' }).click();
  await page.getByRole('button', { name: /(Add|Replace) card/ }).click();

  const number = page.getByLabel('Card number');
  await number.fill('1234 5678 9012 3456');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Enter one of the test card numbers')).toBeVisible();

  await number.fill('5555 5555 5555 4444');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Card saved')).toBeVisible();
  const saved = page.getByTestId('saved-card');
  await expect(saved.getByText('MASTERCARD')).toBeVisible();
  await expect(saved.getByText('•••• 4444')).toBeVisible();
  await expect(saved.getByText(/Expires 12\/\d{4}/)).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  // Removing the card asks first; cancelled, the card stays.
  await saved.getByRole('button', { name: 'Remove card' }).click();
  const question = page.getByRole('tooltip').filter({ hasText: 'Remove this card?' });
  await expect(question).toContainText('Monthly fees cannot be charged until a card is added again.');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(saved.getByText('•••• 4444')).toBeVisible();
});
