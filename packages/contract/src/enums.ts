/**
 * Status tables of spec §4, with the numeric codes exactly as the spec gives them.
 * Each table is a tuple of { code, key }; `key` is the translation key suffix.
 */
function table<const T extends readonly { code: number; key: string }[]>(rows: T) {
  return rows;
}
export type CodeOf<T extends readonly { code: number }[]> = T[number]['code'];

export const TRANSACTION_STATUS = table([
  { code: 0, key: 'new' },
  { code: 1, key: 'successful' },
  { code: 2, key: 'manual_processing' },
  { code: 3, key: 'processing' },
  { code: 4, key: 'processing' },
]);
export const TRANSACTION_PAYMENT_STATUS = table([
  { code: 0, key: 'waiting_for_amount' },
  { code: 1, key: 'paid' },
  { code: 2, key: 'not_paid' },
  { code: 3, key: 'nothing_taken' },
]);
export const PAYMENT_TRANSACTION_STATUS = table([
  { code: 0, key: 'new' },
  { code: 1, key: 'success' },
  { code: 2, key: 'error' },
  { code: 5, key: 'suspended' },
  { code: 10, key: 'in_process' },
]);
export const PAYMENT_TRANSACTION_TYPE = table([
  { code: 1, key: 'debit' },
  { code: 2, key: 'refund' },
]);
export const SUBSCRIPTION_PAYMENT_STATUS = table([
  { code: 0, key: 'new' },
  { code: 1, key: 'paid' },
  { code: 2, key: 'not_paid' },
  { code: 3, key: 'canceled' },
]);
export const SUBSCRIPTION_PAYMENT_TYPE = table([
  { code: 0, key: 'first_payment' },
  { code: 1, key: 'card' },
  { code: 2, key: 'invoice' },
]);
export const ORDER_STATUS = table([
  { code: 0, key: 'new' },
  { code: 1, key: 'paid' },
  { code: 2, key: 'preparing' },
  { code: 3, key: 'on_the_way' },
  { code: 4, key: 'delivered' },
  { code: 5, key: 'received' },
  { code: 6, key: 'cancelled' },
]);
export const PLANOGRAM_SCHEDULE_STATUS = table([
  { code: 1, key: 'active' },
  { code: 2, key: 'queued' },
  { code: 3, key: 'completed' },
  { code: 4, key: 'cancelled' },
]);
export const STORAGE_BATCH_STATUS = table([
  { code: 0, key: 'in_use' },
  { code: 1, key: 'all_in_micromarket' },
  { code: 2, key: 'used' },
]);
export const TRANSACTION_PAYMENT_TYPE = table([
  { code: 1, key: 'tags' },
  { code: 2, key: 'weights' },
  { code: 4, key: 'neuro' },
  { code: 23, key: 'web' },
  { code: 24, key: 'on_trust' },
]);
/** Who bought (a transaction's client type): the user type of §3, or a guest nobody knows. */
export const CLIENT_TYPE = table([
  { code: 0, key: 'guest' },
  { code: 1, key: 'client' },
  { code: 2, key: 'employee' },
]);
export const NOTIFICATION_CHANNEL_TYPE = table([
  { code: 1, key: 'telegram' },
  { code: 2, key: 'mail' },
  { code: 3, key: 'whatsapp' },
]);
export const BONUS_OPERATION = table([
  { code: 1, key: 'top_up' },
  { code: 2, key: 'withdraw' },
]);
export const TECHNICAL_ANALYTICS_TYPE = table([
  { code: 1, key: 'suspicious_temperature' },
  { code: 2, key: 'door_did_not_open' },
  { code: 3, key: 'suspicious_weight' },
]);
export const PROMOTION_TYPE = table([
  { code: 1, key: 'purchase' },
  { code: 2, key: 'date' },
  { code: 3, key: 'cashback' },
]);
export const PROMOTION_SUBTYPE = table([
  { code: 1, key: 'purchase_amount' },
  { code: 2, key: 'period_purchase_amount' },
  { code: 3, key: 'specific_products' },
  { code: 4, key: 'once' },
  { code: 5, key: 'regular' },
  { code: 6, key: 'cashback_first_purchase' },
]);
export const PROMOTION_PERIODS = [
  'once',
  'daily',
  'weekly',
  'monthly',
  'every_2_months',
  'every_3_months',
  'every_half_year',
  'yearly',
] as const;

/** User types (spec §3, §6). */
export const USER_TYPE = table([
  { code: 1, key: 'client' },
  { code: 2, key: 'employee' },
]);
export type UserType = CodeOf<typeof USER_TYPE>;

/** Sub-organisation access levels (spec §3, §6). */
export const ACCESS_LEVEL = table([
  { code: 1, key: 'view' },
  { code: 2, key: 'edit' },
]);

export const ORGANIZATION_TYPES = ['main', 'sub'] as const;

/** Landing pages a role can have (spec §2 role screen). */
export const DEFAULT_PAGES = ['dashboard', 'dubai_courier', 'devices'] as const;
export type DefaultPage = (typeof DEFAULT_PAGES)[number];
export const DEFAULT_PAGE_PATHS: Record<DefaultPage, string> = {
  dashboard: '/dashboard',
  dubai_courier: '/dubai/courier',
  devices: '/device/list',
};

export const CERTIFICATE_REGIONS = ['all', 'ua', 'pl', 'md'] as const;
export const BONUS_TYPES = ['percent', 'amount'] as const;

export function codesOf<T extends readonly { code: number }[]>(rows: T): CodeOf<T>[] {
  return rows.map((row) => row.code) as CodeOf<T>[];
}

/** RFID tag statuses (spec §3 status groups) and the moves between them. */
export const TAG_STATUSES = ['new', 'in_micromarket', 'sold', 'removed', 'written_off', 'not_paid'] as const;
export type TagStatus = (typeof TAG_STATUSES)[number];

/**
 * The tag state machine. A tag is written in the programmer (new), loaded into a
 * micromarket, then sold, found unpaid, taken out (removed) or written off. Sold and
 * written-off tags are final.
 */
export const TAG_TRANSITIONS: Record<TagStatus, readonly TagStatus[]> = {
  new: ['in_micromarket', 'removed', 'written_off'],
  in_micromarket: ['sold', 'not_paid', 'removed', 'written_off'],
  not_paid: ['sold', 'written_off'],
  removed: ['in_micromarket', 'written_off'],
  sold: [],
  written_off: [],
};

export function canMoveTag(from: TagStatus, to: TagStatus): boolean {
  return TAG_TRANSITIONS[from].includes(to);
}

/** Product statuses: active ↔ inactive, either → archived, archived → active or inactive. */
export const PRODUCT_STATUSES = ['active', 'inactive', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_TRANSITIONS: Record<ProductStatus, readonly ProductStatus[]> = {
  active: ['inactive', 'archived'],
  inactive: ['active', 'archived'],
  archived: ['active', 'inactive'],
};

export function canMoveProduct(from: ProductStatus, to: ProductStatus): boolean {
  return from === to || PRODUCT_TRANSITIONS[from].includes(to);
}

/** Storage batch status (spec §4), derived from the statuses of its tags. */
export function storageBatchStatus(counts: Partial<Record<TagStatus, number>>): 0 | 1 | 2 {
  if ((counts.new ?? 0) + (counts.removed ?? 0) > 0) return 0;
  if ((counts.in_micromarket ?? 0) > 0) return 1;
  return 2;
}

/** Training-dataset tags of spec §9. */
export const DATASET_TAGS = [
  'purchase_top',
  'purchase_middle',
  'purchase_bottom',
  'double_purchase',
  'triple_purchase',
  'phone_in_hand',
  'object_in_hand',
  'return_correct',
  'return_wrong',
  'side',
  'covered',
  'showcase',
  'view_front',
  'view_back',
  'view_left',
  'view_right',
  'view_top',
  'view_bottom',
] as const;
export type DatasetTag = (typeof DATASET_TAGS)[number];
/** A session is a door session's evidence (sensors, weights, corrected lines) sent from a resolved dispute. */
export const DATASET_FILE_TYPES = ['image', 'video', 'session'] as const;
export type DatasetFileType = (typeof DATASET_FILE_TYPES)[number];

export const CATEGORY_MAX_LEVEL = 3;

/** Payment providers an organisation can choose (DESIGN §5): the built-in test provider and Stripe. */
export const PAYMENT_PROVIDERS = ['test', 'stripe'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];
/** What the test provider pretends, for tests and the demo: every operation declined, timing out, late or doubled webhooks. */
export const TEST_PROVIDER_SIMULATIONS = [
  'none',
  'decline',
  'timeout',
  'delayed_webhook',
  'duplicate_webhook',
] as const;
export type TestProviderSimulation = (typeof TEST_PROVIDER_SIMULATIONS)[number];
/** What a payment transaction did at the provider; the spec's type (1 debit, 2 refund) follows from it. */
export const PAYMENT_OPERATIONS = ['hold', 'capture', 'release', 'charge', 'refund'] as const;
export type PaymentOperation = (typeof PAYMENT_OPERATIONS)[number];

/**
 * The §4 codes by name, for code that sets or tests a state: a literal number in a rule is
 * a table read twice. Each is checked against its table in enums.test.ts.
 */
export const SALE_STATUS = {
  new: 0,
  successful: 1,
  manualProcessing: 2,
  processing: 3,
  /** Processing too (§4 "3 and 4"): the provider has not answered yet. */
  atProvider: 4,
} as const;
export const SALE_PAYMENT = { waitingForAmount: 0, paid: 1, notPaid: 2, nothingTaken: 3 } as const;
export const PAYMENT_STATUS = { new: 0, success: 1, error: 2, suspended: 5, inProcess: 10 } as const;
export const PAYMENT_TYPE = { debit: 1, refund: 2 } as const;
export const SALE_PAYMENT_TYPE = { tags: 1, weights: 2, neuro: 4, web: 23, onTrust: 24 } as const;
export const ORDER_STATE = {
  new: 0,
  paid: 1,
  preparing: 2,
  onTheWay: 3,
  delivered: 4,
  received: 5,
  cancelled: 6,
} as const;
export const SUBSCRIPTION_PAYMENT = { new: 0, paid: 1, notPaid: 2, canceled: 3 } as const;
export const SUBSCRIPTION_PAYMENT_KIND = { firstPayment: 0, card: 1, invoice: 2 } as const;
export const SCHEDULE_STATUS = { active: 1, queued: 2, completed: 3, cancelled: 4 } as const;
export const BONUS_OP = { topUp: 1, withdraw: 2 } as const;
export const TECHNICAL_ALERT = { suspiciousTemperature: 1, doorDidNotOpen: 2, suspiciousWeight: 3 } as const;
export const CHANNEL_TYPE = { telegram: 1, mail: 2, whatsapp: 3 } as const;
export const PROMO_SUBTYPE = {
  purchaseAmount: 1,
  periodPurchaseAmount: 2,
  specificProducts: 3,
  once: 4,
  regular: 5,
  firstPurchaseCashback: 6,
} as const;
/** A promotion's own status: §4's "active to closed by a close action" (no status table of its own). */
export const PROMO_STATUS = { active: 1, closed: 2 } as const;
/** The user types of §3: customers (clients) and employees. */
export const USER_KIND = { client: 1, employee: 2 } as const;
/** A sale's client type: a user type, or a guest nobody knows. */
export const CLIENT_KIND = { guest: 0, client: 1, employee: 2 } as const;
