import type { Locale, ReportFrequency, ReportGrouping } from '@vitrina/contract';

type Texts = {
  subject: Record<ReportFrequency, string>;
  groupings: Record<ReportGrouping, string>;
  total: string;
  sales: string;
  items: string;
  revenue: string;
  refunds: string;
  margin: string;
  nothing: string;
  attached: string;
  open: string;
  manage: string;
};

/** A scheduled report's mail in the recipient's language: `{grouping}`, `{period}` filled in. */
export const REPORT_MAIL_TEXTS: Record<Locale, Texts> = {
  en: {
    subject: {
      daily: 'Vitrina: sales by {grouping}, {period}',
      weekly: 'Vitrina: weekly sales by {grouping}, {period}',
    },
    groupings: {
      day: 'day',
      micromarket: 'micromarket',
      product: 'product',
      category: 'category',
      payment_type: 'payment type',
      organization: 'organisation',
    },
    total: 'Total',
    sales: 'sales',
    items: 'items',
    revenue: 'revenue',
    refunds: 'refunds',
    margin: 'margin',
    nothing: 'No sales in this period.',
    attached: 'The report is attached: {file}',
    open: 'Open the report',
    manage: 'Change or stop this mail',
  },
  ua: {
    subject: {
      daily: 'Vitrina: продажі за {grouping}, {period}',
      weekly: 'Vitrina: продажі за тиждень за {grouping}, {period}',
    },
    groupings: {
      day: 'днями',
      micromarket: 'мікромаркетами',
      product: 'товарами',
      category: 'категоріями',
      payment_type: 'типами оплати',
      organization: 'організаціями',
    },
    total: 'Разом',
    sales: 'продажів',
    items: 'одиниць',
    revenue: 'виручка',
    refunds: 'повернення',
    margin: 'маржа',
    nothing: 'За цей період продажів немає.',
    attached: 'Звіт у вкладенні: {file}',
    open: 'Відкрити звіт',
    manage: 'Змінити або вимкнути цей лист',
  },
  pl: {
    subject: {
      daily: 'Vitrina: sprzedaż według {grouping}, {period}',
      weekly: 'Vitrina: sprzedaż tygodniowa według {grouping}, {period}',
    },
    groupings: {
      day: 'dni',
      micromarket: 'mikromarketów',
      product: 'produktów',
      category: 'kategorii',
      payment_type: 'typu płatności',
      organization: 'organizacji',
    },
    total: 'Razem',
    sales: 'sprzedaży',
    items: 'szt.',
    revenue: 'przychód',
    refunds: 'zwroty',
    margin: 'marża',
    nothing: 'Brak sprzedaży w tym okresie.',
    attached: 'Raport w załączniku: {file}',
    open: 'Otwórz raport',
    manage: 'Zmień lub wyłącz tę wiadomość',
  },
  it: {
    subject: {
      daily: 'Vitrina: vendite per {grouping}, {period}',
      weekly: 'Vitrina: vendite settimanali per {grouping}, {period}',
    },
    groupings: {
      day: 'giorno',
      micromarket: 'micromarket',
      product: 'prodotto',
      category: 'categoria',
      payment_type: 'tipo di pagamento',
      organization: 'organizzazione',
    },
    total: 'Totale',
    sales: 'vendite',
    items: 'pezzi',
    revenue: 'ricavi',
    refunds: 'rimborsi',
    margin: 'margine',
    nothing: 'Nessuna vendita in questo periodo.',
    attached: 'Il report è allegato: {file}',
    open: 'Apri il report',
    manage: 'Modifica o interrompi questa email',
  },
  sk: {
    subject: {
      daily: 'Vitrina: predaj podľa {grouping}, {period}',
      weekly: 'Vitrina: týždenný predaj podľa {grouping}, {period}',
    },
    groupings: {
      day: 'dní',
      micromarket: 'mikromarketov',
      product: 'produktov',
      category: 'kategórií',
      payment_type: 'typu platby',
      organization: 'organizácií',
    },
    total: 'Spolu',
    sales: 'predajov',
    items: 'ks',
    revenue: 'tržba',
    refunds: 'vrátenia',
    margin: 'marža',
    nothing: 'V tomto období nebol žiadny predaj.',
    attached: 'Prehľad je v prílohe: {file}',
    open: 'Otvoriť prehľad',
    manage: 'Zmeniť alebo zrušiť tento e-mail',
  },
};

export function fill(text: string, params: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
