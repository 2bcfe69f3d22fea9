import { type FleetNoticeKind, fillPlaceholders, type Locale, wallTimeAt } from '@vitrina/contract';
import { ALERT_MESSAGE_TEXTS } from './alert-message-texts.js';

/** What was measured, as a notice and its message say it: the reading against the limit, in a unit. */
export type NoticeDetails = {
  reading?: number | null;
  limit?: number | null;
  unit?: '°C' | 'g' | '°';
  /** Temperature: which limit was crossed. */
  direction?: 'high' | 'low';
  /** Locked: the minutes above the limit the organisation allows. */
  minutes?: number;
  /** Offline: `silent` when it stopped reporting without a goodbye (the presence sweep). */
  reason?: 'silent';
  /** Offline: when the fridge was last heard from (ISO). */
  last_activity_at?: string | null;
  /** Door: the command that unlocked it, and how it failed. */
  command_id?: string;
  error?: string;
};

/** `2026-05-04 14:32 (Europe/Kyiv)`: the organisation's wall clock, so nobody converts from UTC at night. */
export function localTime(instant: Date, timeZone: string): string {
  const wall = wallTimeAt(instant, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)} (${timeZone})`;
}

/** A reading as the language writes it: whole, or with one decimal (a comma where the language has one). */
function numberIn(locale: Locale, value: number): string {
  const decimals = Number.isInteger(value) ? 0 : 1;
  return new Intl.NumberFormat(ALERT_MESSAGE_TEXTS[locale].numberTag, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: false,
  }).format(value);
}

/** The message's line about what was measured, or null when there is nothing to say. */
function readingLine(kind: FleetNoticeKind, details: NoticeDetails, timeZone: string, locale: Locale): string | null {
  const texts = ALERT_MESSAGE_TEXTS[locale];
  const number = (value: number) => numberIn(locale, value);
  const { reading, limit } = details;
  switch (kind) {
    case 'offline': {
      const heard = details.last_activity_at
        ? fillPlaceholders(texts.lastHeard, { time: localTime(new Date(details.last_activity_at), timeZone) })
        : texts.neverHeard;
      return details.reason === 'silent' ? `${texts.stoppedReporting} ${heard}` : heard;
    }
    case 'door':
      return fillPlaceholders(texts.door, { error: details.error ? ` (${details.error})` : '' });
    case 'weight': {
      if (typeof reading !== 'number') return null;
      const tolerance = typeof limit === 'number' ? fillPlaceholders(texts.tolerance, { limit: number(limit) }) : '';
      return fillPlaceholders(texts.weight, { reading: `${reading > 0 ? '+' : ''}${number(reading)}`, tolerance });
    }
    default: {
      if (typeof reading !== 'number') return null;
      if (typeof limit !== 'number') return fillPlaceholders(texts.temperature, { reading: number(reading) });
      const held =
        kind === 'locked' && typeof details.minutes === 'number'
          ? fillPlaceholders(texts.held, { minutes: details.minutes })
          : '';
      return fillPlaceholders(texts.temperatureLimit, {
        reading: number(reading),
        limit: number(limit),
        which: texts.limits[details.direction === 'low' ? 'low' : 'high'],
        held,
      });
    }
  }
}

export type FleetMessage = { subject: string; text: string };

/**
 * The subject and text of a fleet incident's message in one language: what, where, the reading
 * and limit, the organisation's local time, a link to the fridge.
 */
export function composeFleetMessage(options: {
  kind: FleetNoticeKind;
  details: NoticeDetails;
  at: Date;
  micromarket: { id: number; name: string; serialNumber: string };
  timeZone: string;
  publicUrl: string;
  locale: Locale;
}): FleetMessage {
  const { kind, details, at, micromarket, timeZone, publicUrl, locale } = options;
  const texts = ALERT_MESSAGE_TEXTS[locale];
  const names = { title: texts.titles[kind], name: micromarket.name, serial: micromarket.serialNumber };
  const lines = [
    fillPlaceholders(texts.headline, names),
    readingLine(kind, details, timeZone, locale),
    fillPlaceholders(texts.when, { time: localTime(at, timeZone) }),
    fillPlaceholders(texts.open, { link: `${publicUrl.replace(/\/$/, '')}/device/${micromarket.id}` }),
  ];
  return {
    subject: fillPlaceholders(texts.subject, names),
    text: lines.filter((line) => line !== null).join('\n'),
  };
}
