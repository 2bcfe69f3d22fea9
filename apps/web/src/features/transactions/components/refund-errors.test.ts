import { describe, expect, it } from 'vitest';
import { errorsOf } from './refund-errors';

describe('errorsOf', () => {
  it('puts a sent line’s error under that line, and the others under their fields', () => {
    const sent = [{ line_id: 41 }, { line_id: 57 }];
    expect(
      errorsOf(
        {
          'lines.1.quantity': 'At most 1 of this product can still be refunded',
          amount_minor: 'At most UAH 10.00 can be refunded',
          reason: 'This field is required',
          lines: 'The chosen products cost the customer nothing',
        },
        sent,
      ),
    ).toEqual({
      fields: {
        amount_minor: 'At most UAH 10.00 can be refunded',
        reason: 'This field is required',
        lines: 'The chosen products cost the customer nothing',
      },
      lines: { 57: 'At most 1 of this product can still be refunded' },
    });
  });

  it('keeps a line’s first error, and an index it did not send stays with the lines', () => {
    expect(
      errorsOf({ 'lines.0.line_id': 'first', 'lines.0.quantity': 'second', 'lines.3.quantity': 'x' }, [{ line_id: 9 }]),
    ).toEqual({
      fields: { lines: 'x' },
      lines: { 9: 'first' },
    });
  });
});
