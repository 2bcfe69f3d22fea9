import { UPLOAD_LIMIT_BYTES } from './constants.js';

/** What an upload may be, recognised by its first bytes, never by its name. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4'] as const;
export const DOCUMENT_MIME_TYPES = ['application/pdf'] as const;
export type UploadMimeType =
  | (typeof IMAGE_MIME_TYPES)[number]
  | (typeof VIDEO_MIME_TYPES)[number]
  | (typeof DOCUMENT_MIME_TYPES)[number];

export function sniffMimeType(bytes: Uint8Array): UploadMimeType | null {
  const at = (offset: number, ...values: number[]) => values.every((value, i) => bytes[offset + i] === value);
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  if (at(4, 0x66, 0x74, 0x79, 0x70)) return 'video/mp4';
  if (at(0, 0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}

export function isUnderUploadLimit(size: number): boolean {
  return size > 0 && size < UPLOAD_LIMIT_BYTES;
}

/** MP4-family major brands (ISO BMFF): what phones, cameras and encoders write. */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'hvc1',
  'av01',
  'dash',
  'msnv',
  'mmp4',
  'M4V ',
  'M4VH',
  'M4VP',
  'f4v ',
  '3gp4',
  '3gp5',
  '3gp6',
  '3g2a',
]);

/** Boxes that may stand at the top level of an MP4 file after its `ftyp`. */
const MP4_TOP_LEVEL_BOXES = new Set([
  'moov',
  'mdat',
  'free',
  'skip',
  'wide',
  'uuid',
  'meta',
  'udta',
  'moof',
  'mfra',
  'sidx',
  'ssix',
  'styp',
  'emsg',
  'pdin',
  'prft',
]);

type Mp4Box = { type: string; start: number; end: number };

function boxType(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + 4));
}

/** The top-level boxes of an ISO BMFF file, or null when their sizes do not tile the file exactly. */
function topLevelBoxes(bytes: Uint8Array): Mp4Box[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes: Mp4Box[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    if (bytes.length - offset < 8) return null;
    let size = view.getUint32(offset);
    let header = 8;
    if (size === 1) {
      // 64-bit "largesize" after the type.
      if (bytes.length - offset < 16) return null;
      const large = view.getBigUint64(offset + 8);
      if (large > BigInt(bytes.length - offset)) return null;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = bytes.length - offset; // the last box runs to the end of the file
    }
    if (size < header || size > bytes.length - offset) return null;
    boxes.push({ type: boxType(bytes, offset + 4), start: offset, end: offset + size });
    offset += size;
  }
  return boxes;
}

/**
 * Whether the whole file is built like an MP4 video: an `ftyp` box first with a known brand,
 * then only boxes an MP4 has at its top level, a `moov` among them, and box sizes that add
 * up to the file's length. Four magic bytes alone would let any file in (an HTML page with
 * `ftyp` at offset 4 was stored and published as a video).
 */
export function isMp4Structure(bytes: Uint8Array): boolean {
  const boxes = topLevelBoxes(bytes);
  const [first, ...rest] = boxes ?? [];
  if (first?.type !== 'ftyp' || first.end - first.start < 16) return false;
  if (!MP4_BRANDS.has(boxType(bytes, first.start + 8))) return false;
  if (!rest.every((box) => MP4_TOP_LEVEL_BOXES.has(box.type))) return false;
  return rest.some((box) => box.type === 'moov');
}

/** A whole PDF ends with `%%EOF` (maybe followed by a line break) within its last kilobyte. */
function hasPdfEnd(bytes: Uint8Array): boolean {
  const tail = new TextDecoder('latin1').decode(bytes.subarray(Math.max(0, bytes.length - 1024)));
  return tail.includes('%%EOF');
}

/** The type of a whole uploaded file: its first bytes, and for a video its box structure too. */
export function detectUploadType(bytes: Uint8Array): UploadMimeType | null {
  const type = sniffMimeType(bytes);
  if (type === 'video/mp4' && !isMp4Structure(bytes)) return null;
  if (type === 'application/pdf' && !hasPdfEnd(bytes)) return null;
  return type;
}
