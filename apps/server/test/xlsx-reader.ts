import { inflateRawSync } from 'node:zlib';

/**
 * The first sheet of an XLSX workbook as rows of cell text, so a test reads an export's
 * content rather than only its zip signature. Text cells give their string, numbers and
 * dates their stored value (a date is Excel's day serial), empty cells ''.
 */
export function readXlsxRows(workbook: Buffer): string[][] {
  const files = unzip(workbook);
  const shared = [...(files.get('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((match) =>
    textOf(match[1]!),
  );
  const sheet = files.get('xl/worksheets/sheet1.xml');
  if (sheet === undefined) throw new Error('The workbook has no first sheet');
  return [...sheet.matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)].map((row) => {
    const cells: string[] = [];
    for (const cell of row[1]!.matchAll(/<c r="([A-Z]+)\d+"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const [, column, attributes, body = ''] = cell;
      const value = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      const type = /\bt="(\w+)"/.exec(attributes!)?.[1];
      const text =
        type === 's' ? shared[Number(value)] : type === 'inlineStr' ? textOf(body) : unescapeXml(value ?? '');
      cells[columnIndex(column!)] = text ?? '';
    }
    return Array.from(cells, (text) => text ?? '');
  });
}

const textOf = (xml: string) => [...xml.matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>/g)].map((t) => unescapeXml(t[1]!)).join('');

function unescapeXml(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
}

/** A → 0, B → 1, … Z → 25, AA → 26. */
function columnIndex(letters: string): number {
  return [...letters].reduce((index, letter) => index * 26 + letter.charCodeAt(0) - 64, 0) - 1;
}

/** The text files of a zip archive by name, read through its central directory (stored or deflated entries). */
function unzip(archive: Buffer): Map<string, string> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('Not a zip archive');
  const entries = archive.readUInt16LE(end + 10);
  const files = new Map<string, string>();
  let at = archive.readUInt32LE(end + 16);
  for (let i = 0; i < entries; i++) {
    const method = archive.readUInt16LE(at + 10);
    const size = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const skip = nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const data = archive.subarray(start, start + size);
    files.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 46 + skip;
  }
  return files;
}
