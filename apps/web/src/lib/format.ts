import type { Locale } from '@vitrina/contract';
import { intlFormat } from './intl-format';
import { LOCALE_TAGS } from './locale-tags';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

type RelativeTimeOptions = { locale?: Locale; now?: number };

/** Spec §9: minutes, hours or days ago (or ahead), in the interface language. */
export function formatRelativeTime(value: string | number | Date, options: RelativeTimeOptions = {}): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const diff = time - (options.now ?? Date.now());
  const format = intlFormat('RelativeTimeFormat', LOCALE_TAGS[options.locale ?? 'en'], { numeric: 'auto' });
  const size = Math.abs(diff);
  if (size < MINUTE_MS) return format.format(0, 'second');
  if (size < HOUR_MS) return format.format(Math.trunc(diff / MINUTE_MS), 'minute');
  if (size < DAY_MS) return format.format(Math.trunc(diff / HOUR_MS), 'hour');
  return format.format(Math.trunc(diff / DAY_MS), 'day');
}

/**
 * A stay, in the interface language with its own unit words: `45 sec`, `12 min`, `3 hr 5 min`,
 * `2 days 4 hr` (days drop the minutes).
 */
export function formatDuration(ms: number, locale: Locale = 'en'): string {
  const tag = LOCALE_TAGS[locale];
  const unit = (value: number, name: 'second' | 'minute' | 'hour' | 'day') =>
    intlFormat('NumberFormat', tag, {
      style: 'unit',
      unit: name,
      unitDisplay: name === 'day' ? 'long' : 'short',
    }).format(value);
  if (ms < MINUTE_MS) return unit(Math.floor(ms / 1000), 'second');
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((ms % HOUR_MS) / MINUTE_MS);
  const parts = [
    days > 0 ? unit(days, 'day') : null,
    hours > 0 ? unit(hours, 'hour') : null,
    minutes > 0 && days === 0 ? unit(minutes, 'minute') : null,
  ];
  return parts.filter(Boolean).join(' ');
}

const NUMBER_SUFFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

/** Spec §9: 1 234 → 1.2k, 5 600 000 → 5.6M, up to E. */
export function formatCompactNumber(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  let size = Math.abs(value);
  let index = 0;
  while (size >= 1000 && index < NUMBER_SUFFIXES.length - 1) {
    size /= 1000;
    index += 1;
  }
  const text = index === 0 ? String(Math.round(size * 100) / 100) : size.toFixed(digits).replace(/\.0+$/, '');
  return `${sign}${text}${NUMBER_SUFFIXES[index]}`;
}

/** From here on a counter is compacted (12 345 → 12.3k); below it every digit fits and is shown. */
export const COMPACT_FROM = 10_000;

/**
 * A large figure (a count, never money, which must stay exact): grouped in the locale below
 * `COMPACT_FROM`, compacted with the §9 k/M/G/T/P/E suffixes from there.
 */
export function formatCount(value: number, locale: Locale = 'en'): string {
  if (Math.abs(value) < COMPACT_FROM) return intlFormat('NumberFormat', LOCALE_TAGS[locale], {}).format(value);
  return formatCompactNumber(value);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Spec §9: the stored UTC time with its offset spelled out, e.g. `2024-05-01 09:30 +00:00`. */
export function formatDateUtc(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} +00:00`;
}

/** Spec §9: a Google Maps search for an address. */
export function buildMapsLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.trim())}`;
}

/** Spec §5: http, https, mailto and tel links open outside the panel. */
export function isExternal(link: string): boolean {
  return /^(https?:|mailto:|tel:)/i.test(link.trim());
}

/**
 * The attributes of a link: an external one (§5) opens in a new tab that cannot reach back
 * into the panel (`noopener noreferrer`); mailto and tel hand over to their app in place.
 */
export function linkAttributes(link: string): { href: string; target?: '_blank'; rel?: string } {
  const href = link.trim();
  if (!/^https?:/i.test(href)) return { href };
  return { href, target: '_blank', rel: 'noopener noreferrer' };
}

/** The short name of an ISO day of the week (1 Monday … 7 Sunday) in the locale. */
export function formatWeekday(isoDay: number, locale: Locale = 'en'): string {
  // 2024-01-01 was a Monday.
  return intlFormat('DateTimeFormat', LOCALE_TAGS[locale], { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, isoDay)),
  );
}
