/** Formats minor units of a sale's currency in the reader's locale (shared with other screens in lib/money). */
export { useMoney } from '../../../lib/money';
