import { type Locale, type TFiscalDocument, type TReceipt, translate } from '@vitrina/contract';
import { type PdfDocument, renderPdf } from '../../lib/pdf.js';

/** BCP 47 tags for Intl; the product says `ua` where the standard says `uk`. */
const TAGS: Record<Locale, string> = { en: 'en', ua: 'uk', pl: 'pl', it: 'it', sk: 'sk' };

function formatters(receipt: TReceipt, locale: Locale) {
  const money = new Intl.NumberFormat(TAGS[locale], {
    style: 'currency',
    currency: receipt.currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const date = new Intl.DateTimeFormat(TAGS[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return {
    money: (minor: number) => money.format(minor / 100),
    date: (iso: string) => `${date.format(new Date(iso))} UTC`,
  };
}

const COLUMNS = { name: 48, quantity: 300, price: 350, sum: 450, end: 547 } as const;

function drawLines(
  doc: PdfDocument,
  receipt: TReceipt,
  t: (key: Parameters<typeof translate>[0]) => string,
  money: (minor: number) => string,
) {
  const header = doc.y;
  doc.font('bold').fontSize(9);
  doc.text(t('receipt.product'), COLUMNS.name, header, { width: COLUMNS.quantity - COLUMNS.name - 8 });
  doc.text(t('receipt.quantity'), COLUMNS.quantity, header, { width: 44, align: 'right' });
  doc.text(t('receipt.price'), COLUMNS.price, header, { width: 92, align: 'right' });
  doc.text(t('receipt.sum'), COLUMNS.sum, header, { width: COLUMNS.end - COLUMNS.sum, align: 'right' });
  doc.font('regular');
  for (const line of receipt.lines) {
    const top = doc.y + 4;
    doc.text(line.name, COLUMNS.name, top, { width: COLUMNS.quantity - COLUMNS.name - 8 });
    const bottom = doc.y;
    doc.text(String(line.quantity), COLUMNS.quantity, top, { width: 44, align: 'right' });
    doc.text(money(line.price_minor), COLUMNS.price, top, { width: 92, align: 'right' });
    doc.text(money(line.total_minor), COLUMNS.sum, top, { width: COLUMNS.end - COLUMNS.sum, align: 'right' });
    doc.y = Math.max(bottom, doc.y);
  }
  doc
    .moveTo(COLUMNS.name, doc.y + 6)
    .lineTo(COLUMNS.end, doc.y + 6)
    .stroke('#cccccc');
  doc.y += 12;
}

function drawTotal(doc: PdfDocument, label: string, value: string, isBold = false) {
  const top = doc.y;
  doc.font(isBold ? 'bold' : 'regular').fontSize(isBold ? 12 : 10);
  doc.text(label, COLUMNS.name, top, { width: 300 });
  doc.text(value, COLUMNS.price, top, { width: COLUMNS.end - COLUMNS.price, align: 'right' });
  doc.moveDown(0.2);
}

/** The public receipt as an A4 PDF, in the caller's language (DejaVu, so Cyrillic prints). */
export function renderReceiptPdf(receipt: TReceipt, locale: Locale, createdAt: Date): Promise<Buffer> {
  const t = (key: Parameters<typeof translate>[0], params: Record<string, string | number> = {}) =>
    translate(key, locale, params);
  const { money, date } = formatters(receipt, locale);
  const title = t('receipt.title', { number: receipt.number });
  return renderPdf({ title, createdAt }, (doc) => {
    doc.font('bold').fontSize(16).text(title);
    doc.font('regular').fontSize(10).moveDown(0.5);
    doc.text(receipt.organization.name);
    if (receipt.organization.fiscal_number)
      doc.text(`${t('receipt.fiscal_number')}: ${receipt.organization.fiscal_number}`);
    const place = [receipt.micromarket.name, receipt.micromarket.address].filter(Boolean).join(', ');
    doc.text(`${t('receipt.micromarket')}: ${place}`);
    doc.text(`${t('receipt.date')}: ${date(receipt.date)}`);
    if (receipt.is_test) doc.text(t('receipt.test'));
    doc.moveDown();
    drawLines(doc, receipt, t, money);
    drawTotal(doc, t('receipt.subtotal'), money(receipt.gross_minor));
    if (receipt.discount_minor > 0) drawTotal(doc, t('receipt.discount'), `−${money(receipt.discount_minor)}`);
    if (receipt.bonuses_used_minor > 0) drawTotal(doc, t('receipt.bonuses'), `−${money(receipt.bonuses_used_minor)}`);
    drawTotal(doc, t('receipt.total'), money(receipt.amount_minor), true);
    drawTotal(doc, t('receipt.paid'), money(receipt.paid_minor));
    if (receipt.refunded_minor > 0) drawTotal(doc, t('receipt.refunded'), money(receipt.refunded_minor));
    if (!receipt.fiscal) return;
    doc.moveDown();
    doc.font('bold').fontSize(11).text(t('receipt.fiscal'), COLUMNS.name);
    doc.font('regular').fontSize(10);
    const document = receipt.fiscal.document;
    if (!document) {
      doc.text(t('receipt.not_ready'));
      return;
    }
    const drawDocument = (fiscal: TFiscalDocument) => {
      doc.fillColor('#000000').text(`№ ${fiscal.number}`);
      if (fiscal.fiscal_sign) doc.text(`${t('receipt.fiscal_sign')}: ${fiscal.fiscal_sign}`);
      doc.text(`${t('receipt.date')}: ${date(fiscal.registered_at)}`);
      doc.fillColor('#1a56db').text(`${t('receipt.fiscal_check')}: ${fiscal.url}`, { link: fiscal.url });
    };
    drawDocument(document);
    for (const returned of receipt.fiscal.returns) {
      doc.moveDown(0.5);
      doc
        .fillColor('#000000')
        .font('bold')
        .text(
          `${t(returned.kind === 'correction' ? 'receipt.correction_receipt' : 'receipt.return_receipt')}: ${money(returned.amount_minor)}`,
        );
      doc.font('regular');
      // Without a word a customer reads a correction as a second refund: it is the opposite.
      if (returned.kind === 'correction') doc.fontSize(9).text(t('receipt.correction_note')).fontSize(10);
      if (returned.document) drawDocument(returned.document);
      else doc.text(t('receipt.not_ready'));
    }
  });
}
