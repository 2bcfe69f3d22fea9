import { describe, expect, it } from 'vitest';
import { detectUploadType, isMp4Structure } from './files.js';

const text = (value: string) => new TextEncoder().encode(value);

/** One ISO BMFF box: 32-bit size, type, body. */
function box(type: string, body: Uint8Array = new Uint8Array(0)): Uint8Array {
  const bytes = new Uint8Array(8 + body.length);
  new DataView(bytes.buffer).setUint32(0, bytes.length);
  bytes.set(text(type), 4);
  bytes.set(body, 8);
  return bytes;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

const ftyp = (brand = 'isom') => box('ftyp', text(`${brand}\u0000\u0000\u0002\u0000isomiso2mp41`));
const moov = box('moov', box('mvhd', new Uint8Array(100)));
const mdat = box('mdat', new Uint8Array(500).fill(7));

describe('isMp4Structure', () => {
  it('accepts ftyp, moov and mdat whose sizes tile the file', () => {
    expect(isMp4Structure(concat(ftyp(), moov, mdat))).toBe(true);
    expect(isMp4Structure(concat(ftyp('mp42'), box('free'), mdat, moov))).toBe(true);
  });

  it('reads a 64-bit largesize box', () => {
    const body = new Uint8Array(300).fill(1);
    const large = new Uint8Array(16 + body.length);
    const view = new DataView(large.buffer);
    view.setUint32(0, 1);
    large.set(text('mdat'), 4);
    view.setBigUint64(8, BigInt(large.length));
    large.set(body, 16);
    expect(isMp4Structure(concat(ftyp(), moov, large))).toBe(true);
    view.setBigUint64(8, BigInt(large.length + 1));
    expect(isMp4Structure(concat(ftyp(), moov, large))).toBe(false);
  });

  it('lets a last box of size 0 run to the end of the file', () => {
    const open = box('mdat', new Uint8Array(64));
    new DataView(open.buffer).setUint32(0, 0);
    expect(isMp4Structure(concat(ftyp(), moov, open))).toBe(true);
  });

  it('refuses an HTML page with ftyp at offset 4', () => {
    const page = text('<htmftypisom><script>alert(document.cookie)</script></html>');
    expect(isMp4Structure(page)).toBe(false);
    expect(detectUploadType(page)).toBeNull();
  });

  it('refuses sizes that do not add up, unknown brands and boxes, a missing moov', () => {
    const file = concat(ftyp(), moov, mdat);
    expect(isMp4Structure(file.subarray(0, file.length - 1)), 'truncated').toBe(false);
    expect(isMp4Structure(concat(file, text('trailing'))), 'trailing bytes').toBe(false);
    expect(isMp4Structure(concat(ftyp('html'), moov, mdat)), 'unknown brand').toBe(false);
    expect(isMp4Structure(concat(ftyp(), moov, box('<scr'))), 'unknown box').toBe(false);
    expect(isMp4Structure(concat(ftyp(), mdat)), 'no moov').toBe(false);
    expect(isMp4Structure(concat(moov, ftyp(), mdat)), 'ftyp not first').toBe(false);
    expect(isMp4Structure(concat(box('ftyp', text('isom')), moov)), 'short ftyp').toBe(false);
    const tiny = box('free');
    new DataView(tiny.buffer).setUint32(0, 4);
    expect(isMp4Structure(concat(ftyp(), moov, tiny)), 'box smaller than its header').toBe(false);
  });

  it('detectUploadType keeps images as sniffed and checks videos whole', () => {
    expect(detectUploadType(concat(ftyp(), moov, mdat))).toBe('video/mp4');
    expect(detectUploadType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
  });
});
