import { type Locale, translate } from '@vitrina/contract';
import type { Db } from '../../../db/client.js';
import { notFound } from '../../../lib/errors.js';
import * as repo from '../payments.repository.js';
import type { PaymentProviders } from '../provider-registry.js';
import { TestPaymentProvider, testBankChallengePath } from './test-provider.js';

/** Locale tags for the amount on the page. */
const TAGS: Record<Locale, string> = { en: 'en-GB', ua: 'uk-UA', pl: 'pl-PL', it: 'it-IT', sk: 'sk-SK' };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** One small page, styled inline (the server's CSP allows inline styles, no scripts). */
function page(locale: Locale, body: string, head = ''): string {
  const title = escapeHtml(translate('test_bank.title', locale));
  return `<!doctype html>
<html lang="${locale === 'ua' ? 'uk' : locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>${head}
<style>
body{font-family:system-ui,sans-serif;background:#f5f5f5;margin:0;padding:24px;color:#1f1f1f}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:20px;margin:0 0 12px}
form{display:inline}
button{font-size:16px;padding:10px 20px;margin:8px 8px 0 0;border-radius:6px;border:1px solid #d9d9d9;background:#fff;cursor:pointer}
button.approve{background:#1677ff;border-color:#1677ff;color:#fff}
</style>
</head>
<body><main><h1>${title}</h1>${body}</main></body>
</html>`;
}

/** The test provider of the organisation whose ledger holds this payment, when it is the test provider's. */
async function providerOf(db: Db, providers: PaymentProviders, reference: string) {
  const [row] = await repo.findByReference(db, 'test', reference);
  if (!row || row.throughPlatform) return null;
  const found = await providers.forOrg(db, row.orgId);
  return found?.provider instanceof TestPaymentProvider ? found.provider : null;
}

/**
 * The test bank's 3-D Secure challenge page (the test provider only): what a card's bank
 * shows a buyer whose payment asks them (the test card 4000 0027 6000 3184), with an approve
 * and a decline button. Any other payment, or one answered already, is not found.
 */
export async function challengePage(
  db: Db,
  providers: PaymentProviders,
  reference: string,
  locale: Locale,
): Promise<string> {
  const provider = await providerOf(db, providers, reference);
  const payment = provider && (await provider.awaitingAuthentication(reference));
  if (!payment) throw notFound();
  const amount = new Intl.NumberFormat(TAGS[locale], { style: 'currency', currency: payment.currency }).format(
    payment.amountMinor / 100,
  );
  const button = (decision: 'approve' | 'decline') =>
    `<button type="submit" name="decision" value="${decision}" class="${decision}">${escapeHtml(translate(`test_bank.${decision}`, locale))}</button>`;
  return page(
    locale,
    `<p>${escapeHtml(translate('test_bank.text', locale, { amount }))}</p><form method="post" action="${escapeHtml(testBankChallengePath(reference))}">${button('approve')}${button('decline')}</form>`,
  );
}

/**
 * The buyer's answer: the payment is held (approved) or fails (declined), and the page sends
 * them back to the shop's page that asked (its return URL), at once.
 */
export async function answerChallenge(
  db: Db,
  providers: PaymentProviders,
  reference: string,
  isApproved: boolean,
  locale: Locale,
): Promise<string> {
  const provider = await providerOf(db, providers, reference);
  const returnUrl = provider && (await provider.authenticate(reference, isApproved));
  if (!returnUrl) throw notFound();
  const back = escapeHtml(returnUrl);
  return page(
    locale,
    `<p>${escapeHtml(translate('test_bank.returning', locale))}</p><p><a href="${back}">${escapeHtml(translate('test_bank.back', locale))}</a></p>`,
    `\n<meta http-equiv="refresh" content="0;url=${back}">`,
  );
}
