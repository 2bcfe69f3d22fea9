import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf.js';

describe('renderPdf', () => {
  it('renders a PDF with Cyrillic text in the embedded font', async () => {
    const pdf = await renderPdf({ title: 'Чек', createdAt: new Date('2026-11-01T00:00:00Z') }, (doc) => {
      doc.font('bold').fontSize(16).text('Чек № 1');
      doc.font('regular').fontSize(10).text('Кава — 12,50 ₴');
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.includes(Buffer.from('DejaVuSans'))).toBe(true);
  });
});
