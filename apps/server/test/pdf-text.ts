import { inflateSync } from 'node:zlib';

/**
 * The text a PDF of ours (pdfkit, embedded Type0 fonts with a ToUnicode map) shows, one line
 * a text object, in drawing order. Enough for our own documents, not a general PDF reader:
 * every object is read whole, every stream inflated, each font's ToUnicode map applied to the
 * hex strings of `Tj` and `TJ`.
 */
export function pdfText(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream: string | null }>();
  // Streams are skipped by their /Length, so no byte of a font file is read as syntax.
  const header = /(\d+) 0 obj\s*/g;
  for (let match = header.exec(source); match; match = header.exec(source)) {
    const rest = source.slice(header.lastIndex);
    const end = rest.indexOf('endobj');
    const stream = /^[\s\S]*?>>\s*stream\r?\n/.exec(rest);
    if (!stream || stream[0].length > end) {
      objects.set(match[1]!, { dict: rest.slice(0, end), stream: null });
      header.lastIndex += end;
      continue;
    }
    const dict = stream[0];
    const length = Number(/\/Length (\d+)/.exec(dict)![1]);
    const raw = Buffer.from(rest.slice(dict.length, dict.length + length), 'latin1');
    const data = dict.includes('/FlateDecode') ? inflateSync(raw) : raw;
    objects.set(match[1]!, { dict, stream: data.toString('latin1') });
    header.lastIndex += dict.length + length;
  }
  // Resource names (/F1…) to their font's map of glyph codes to text.
  const maps = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    const fonts = /\/Font\s*<<([\s\S]*?)>>/.exec(dict);
    if (!fonts) continue;
    for (const [, name, ref] of fonts[1]!.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(ref!)?.dict ?? '');
      const cmap = toUnicode ? objects.get(toUnicode[1]!)?.stream : null;
      if (cmap) maps.set(name!, unicodeMap(cmap));
    }
  }
  const lines: string[] = [];
  for (const { stream } of objects.values()) {
    if (!stream?.includes('BT')) continue;
    for (const [, block] of stream.matchAll(/BT([\s\S]*?)ET/g)) {
      let font = new Map<number, string>();
      let line = '';
      for (const [, name, shown] of block!.matchAll(/\/(\w+) [\d.]+ Tf|(\[[^\]]*\]\s*TJ|<[0-9a-fA-F]*>\s*Tj)/g)) {
        if (name) font = maps.get(name) ?? new Map();
        else
          for (const [, hex] of shown!.matchAll(/<([0-9a-fA-F]*)>/g))
            for (let i = 0; i < hex!.length; i += 4) line += font.get(Number.parseInt(hex!.slice(i, i + 4), 16)) ?? '';
      }
      lines.push(line);
    }
  }
  return lines;
}

/** The whole text, lines joined by spaces and runs of white space made one: what wraps reads as written. */
export function pdfPlainText(pdf: Buffer): string {
  return pdfText(pdf).join(' ').replace(/\s+/g, ' ');
}

function unicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const text = (spaced: string) => {
    const hex = spaced.replace(/\s+/g, '');
    let out = '';
    for (let i = 0; i < hex.length; i += 4) out += String.fromCharCode(Number.parseInt(hex.slice(i, i + 4), 16));
    return out;
  };
  for (const [, section] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, list, base] of section!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:\[([^\]]*)\]|<([0-9a-fA-F]+)>)/g,
    )) {
      const first = Number.parseInt(from!, 16);
      const last = Number.parseInt(to!, 16);
      // A ligature's entry holds its letters apart: `<0066 0069>`.
      const targets = list ? [...list.matchAll(/<([0-9a-fA-F\s]*)>/g)].map((m) => text(m[1]!)) : null;
      for (let code = first; code <= last; code += 1) {
        const target = targets ? targets[code - first] : String.fromCharCode(Number.parseInt(base!, 16) + code - first);
        if (target !== undefined) map.set(code, target);
      }
    }
  }
  for (const [, section] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, target] of section!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(Number.parseInt(code!, 16), text(target!));
  }
  return map;
}
