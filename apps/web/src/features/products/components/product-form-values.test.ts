import { ZCreateProduct, ZUpdateProduct } from '@vitrina/contract';
import { describe, expect, it } from 'vitest';
import { NEW_PRODUCT, toProductBody } from './product-form-values';

describe('toProductBody', () => {
  it('sends prices in minor units', () => {
    const body = toProductBody({ ...NEW_PRODUCT, name: 'Salad', sell_cost: 89.9, base_cost: 45.5 });
    expect(body.sell_cost).toBe(8990);
    expect(body.base_cost).toBe(4550);
    expect(ZCreateProduct.safeParse({ ...body, status: 'active' }).success).toBe(true);
  });

  it('clears optional fields with null so an update removes them', () => {
    const body = toProductBody({ ...NEW_PRODUCT, name: 'Salad', sell_cost: 1, maker_id: undefined, article: '' });
    expect(body.maker_id).toBeNull();
    expect(body.article).toBeNull();
    expect(ZUpdateProduct.parse(body).maker_id).toBeNull();
  });

  it('leaves an empty sell price for the schema to report', () => {
    const body = toProductBody({ ...NEW_PRODUCT, name: 'Salad', sell_cost: null });
    const result = ZCreateProduct.safeParse(body);
    expect(result.success).toBe(false);
  });
});
