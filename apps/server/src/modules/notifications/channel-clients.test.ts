import { describe, expect, it } from 'vitest';
import { retryAfterMs } from '../../lib/retry-later.js';
import { splitMessage, TELEGRAM_TEXT_MAX } from './telegram-client.js';
import { noticeParameter, WHATSAPP_NOTICE_PARAM_MAX } from './whatsapp-client.js';

describe('messages the services take', () => {
  it('splits a long Telegram text at line ends, then at spaces, then hard, never inside a surrogate pair', () => {
    expect(splitMessage('short')).toEqual(['short']);
    const lines = Array.from({ length: 300 }, (_, index) => `line ${index} ${'x'.repeat(20)}`).join('\n');
    const parts = splitMessage(lines);
    expect(parts.length).toBe(3);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(TELEGRAM_TEXT_MAX);
    expect(parts.join('\n')).toBe(lines);
    const words = Array.from({ length: 1200 }, () => 'word').join(' ');
    expect(splitMessage(words).join(' ')).toBe(words);
    const emoji = '😀'.repeat(3000);
    const cut = splitMessage(emoji);
    expect(cut.join('')).toBe(emoji);
    for (const part of cut) expect(part.length).toBeLessThanOrEqual(TELEGRAM_TEXT_MAX);
    expect(cut[0]!.length % 2).toBe(0);
  });

  it('makes a notice one WhatsApp template parameter without line breaks, tabs or runs of spaces', () => {
    expect(noticeParameter('Low stock', 'Fridge 1:\n\n  bring 4 salads\tand     juice')).toBe(
      'Low stock · Fridge 1: · bring 4 salads and juice',
    );
    const long = noticeParameter('', 'a'.repeat(2000));
    expect(long.length).toBe(WHATSAPP_NOTICE_PARAM_MAX);
    expect(long.endsWith('…')).toBe(true);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.UTC(2026, 10, 2, 9);
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Mon, 02 Nov 2026 09:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});
