import type { ProductStatus, TProduct } from '@vitrina/contract';
import { fromMinor, toMinor } from '../../../lib/money';

/** What the drawer edits: money as amounts with two decimals, not minor units. */
export type ProductFormValues = {
  name: string;
  description?: string;
  article?: string | null;
  barcode?: string | null;
  /** The fiscal register's tax groups; empty means the organisation's default. */
  tax_codes?: string[] | null;
  weight_g?: number | null;
  maker_id?: number | null;
  category_id?: number | null;
  base_cost?: number | null;
  sell_cost?: number | null;
  storage_period_hours?: number | null;
  purchase_limit?: number | null;
  status?: ProductStatus;
  show_in_orders: boolean;
  show_in_wishes: boolean;
  is_public: boolean;
  for_programmer: boolean;
  org_id?: number;
};

export const NEW_PRODUCT: ProductFormValues = {
  name: '',
  description: '',
  storage_period_hours: 72,
  purchase_limit: 0,
  base_cost: 0,
  status: 'active',
  show_in_orders: true,
  show_in_wishes: true,
  is_public: true,
  for_programmer: true,
};

export const toFormValues = (product: TProduct): ProductFormValues => ({
  ...product,
  base_cost: fromMinor(product.base_cost),
  sell_cost: fromMinor(product.sell_cost),
});

/**
 * The body for the contract schema. Cleared optional fields become null, because on update a
 * missing field means "keep" while the user meant "remove". A cleared number of a required
 * field stays undefined so the schema reports it.
 */
export function toProductBody(values: ProductFormValues) {
  const { org_id: _org, status: _status, ...rest } = values;
  const amount = (value: number | null | undefined) =>
    value === null || value === undefined ? undefined : toMinor(value);
  return {
    ...rest,
    description: values.description ?? '',
    article: values.article || null,
    barcode: values.barcode || null,
    tax_codes: values.tax_codes?.length ? values.tax_codes : null,
    weight_g: values.weight_g ?? null,
    maker_id: values.maker_id ?? null,
    category_id: values.category_id ?? null,
    base_cost: amount(values.base_cost) ?? 0,
    sell_cost: amount(values.sell_cost),
    storage_period_hours: values.storage_period_hours ?? undefined,
    purchase_limit: values.purchase_limit ?? 0,
  };
}
