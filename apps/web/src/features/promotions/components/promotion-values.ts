import { PROMO_SUBTYPE, type TBonusPromotion } from '@vitrina/contract';
import { fromMinor, toMinor } from '../../../lib/money';

/** The form's values: money in major units as typed; the body converts them. */
export type PromotionValues = {
  org_id?: number;
  name: string;
  description?: string;
  type: number;
  subtype: number;
  bonus_type: 'percent' | 'amount';
  amount?: number;
  period: string;
  start_date: string;
  end_date?: string;
  min_purchase?: number | null;
  max_purchase?: number | null;
  new_users: boolean;
  organization_ids: number[];
  micromarket_ids: number[];
  group_ids: number[];
  product_ids: number[];
};

const today = () => new Date().toISOString().slice(0, 10);
const major = (minor: number | null) => (minor === null ? null : fromMinor(minor));
const minorOrNull = (value: number | null | undefined) =>
  value === null || value === undefined ? null : toMinor(value);

/** What a new promotion starts with: a one-off percent cashback from today for everyone. */
export function newPromotionValues(): Partial<PromotionValues> {
  return {
    type: 1,
    subtype: 1,
    bonus_type: 'percent',
    period: 'once',
    start_date: today(),
    new_users: false,
    organization_ids: [],
    micromarket_ids: [],
    group_ids: [],
    product_ids: [],
  };
}

/** The form's values of a saved promotion. */
export function valuesOf(p: TBonusPromotion): PromotionValues {
  return {
    name: p.name,
    description: p.description ?? '',
    type: p.type,
    subtype: p.subtype,
    bonus_type: p.bonus_type,
    amount: p.bonus_type === 'amount' ? fromMinor(p.amount) : p.amount,
    period: p.period,
    start_date: p.start_date,
    end_date: p.end_date ?? '',
    min_purchase: major(p.min_purchase),
    max_purchase: major(p.max_purchase),
    new_users: p.new_users,
    organization_ids: p.organization_ids,
    micromarket_ids: p.micromarket_ids,
    group_ids: p.group_ids,
    product_ids: p.product_ids,
  };
}

/** The request body the contract expects, from what the form holds. */
export function bodyOf(values: PromotionValues, isEdit: boolean) {
  const { org_id, ...rest } = values;
  return {
    ...rest,
    ...(isEdit ? {} : { org_id }),
    description: values.description ?? '',
    amount: values.bonus_type === 'amount' ? toMinor(values.amount) : values.amount,
    end_date: values.end_date ? values.end_date : null,
    min_purchase: minorOrNull(values.min_purchase),
    max_purchase: minorOrNull(values.max_purchase),
    group_ids: values.group_ids ?? [],
    product_ids: values.subtype === PROMO_SUBTYPE.specificProducts ? values.product_ids : [],
  };
}
