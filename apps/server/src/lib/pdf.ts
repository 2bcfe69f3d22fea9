import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
/** DejaVu covers Latin, Cyrillic and the currency signs of every locale we answer in. */
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const PDF_FONTS = {
  regular: path.join(FONT_DIR, 'DejaVuSans.ttf'),
  bold: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
} as const;

export type PdfDocument = PDFKit.PDFDocument;

/**
 * Renders one A4 document: `draw` writes on it with `doc.font('regular' | 'bold')`. The
 * creation date is fixed by the caller's clock, so the same input gives the same file.
 */
export function renderPdf(
  options: { title: string; createdAt: Date },
  draw: (doc: PdfDocument) => void,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 48,
      info: { Title: options.title, Producer: 'Vitrina', Creator: 'Vitrina', CreationDate: options.createdAt },
    });
    doc.registerFont('regular', PDF_FONTS.regular);
    doc.registerFont('bold', PDF_FONTS.bold);
    doc.font('regular');
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}
