import sharp from 'sharp';
import { THUMB_SIZE } from '../lib/images.js';

const PALETTE = [
  '#427ef1',
  '#16a085',
  '#e67e22',
  '#8e44ad',
  '#c0392b',
  '#2c3e50',
  '#d35400',
  '#27ae60',
  '#2980b9',
  '#b7950b',
];

function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A packshot-like picture drawn here, so the demo needs no downloads: a coloured card
 * with the product's initials, its name and its size.
 */
export async function drawProductImage(options: { name: string; size: string; category: string; seed: number }) {
  const colour = PALETTE[options.seed % PALETTE.length]!;
  const initials = options.name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#0f1f3d"/></linearGradient></defs>
  <rect width="400" height="400" rx="36" fill="url(#g)"/>
  <circle cx="200" cy="160" r="92" fill="rgba(255,255,255,0.16)"/>
  <text x="200" y="192" font-family="DejaVu Sans, sans-serif" font-size="88" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text>
  <text x="200" y="300" font-family="DejaVu Sans, sans-serif" font-size="24" font-weight="600" fill="#fff" text-anchor="middle">${escapeXml(options.name.slice(0, 26))}</text>
  <text x="200" y="336" font-family="DejaVu Sans, sans-serif" font-size="20" fill="rgba(255,255,255,0.8)" text-anchor="middle">${escapeXml(`${options.category} · ${options.size}`)}</text>
</svg>`;
  const source = Buffer.from(svg);
  const [image, thumb] = await Promise.all([
    sharp(source).webp({ quality: 82 }).toBuffer(),
    sharp(source, { density: (72 * THUMB_SIZE) / 400 })
      .webp({ quality: 80 })
      .toBuffer(),
  ]);
  return { image, thumb };
}
