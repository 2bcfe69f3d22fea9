import type { AreaExamples } from '../endpoint.js';
import type { api } from './index.js';

export const accountingExamples: AreaExamples<(typeof api)['accounting']> = {
  reconcile: {
    micromarket_id: 101,
    from: '2026-12-01',
    to: '2026-12-31',
    scanned_at: '2026-12-03T09:30:00.000Z',
    items: [
      {
        product_id: 101,
        product_name: 'Chicken sandwich',
        opening: 1,
        loaded: 1,
        sold: 1,
        returned: 1,
        written_off: 1,
        expected: 1,
        counted: 3,
        missing: 1,
      },
    ],
    totals: {
      opening: 1,
      loaded: 1,
      sold: 1,
      returned: 1,
      written_off: 1,
      expected: 1,
      counted: 3,
      missing: 1,
    },
  },
  export: 'id,name\r\n101,Kyiv office fridge\r\n',
};
