import { type FleetNoticeKind, type Locale, translate, wallTimeAt } from '@vitrina/contract';

/** How each language writes numbers (the decimal comma); the product says `ua` where BCP 47 says `uk`. */
const NUMBER_TAGS: Record<Locale, string> = { en: 'en-GB', ua: 'uk-UA', pl: 'pl-PL', it: 'it-IT', sk: 'sk-SK' };

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
  return new Intl.NumberFormat(NUMBER_TAGS[locale], {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: false,
  }).format(value);
}

/** The message's line about what was measured, or null when there is nothing to say. */
function readingLine(kind: FleetNoticeKind, details: NoticeDetails, timeZone: string, locale: Locale): string | null {
  const number = (value: number) => numberIn(locale, value);
  const { reading, limit } = details;
  switch (kind) {
    case 'offline': {
      const heard = details.last_activity_at
        ? translate('alert_message.last_heard', locale, {
            time: localTime(new Date(details.last_activity_at), timeZone),
          })
        : translate('alert_message.never_heard', locale);
      return details.reason === 'silent' ? `${translate('alert_message.stopped_reporting', locale)} ${heard}` : heard;
    }
    case 'door':
      return translate('alert_message.door', locale, { error: details.error ? ` (${details.error})` : '' });
    case 'weight': {
      if (typeof reading !== 'number') return null;
      const tolerance =
        typeof limit === 'number' ? translate('alert_message.tolerance', locale, { limit: number(limit) }) : '';
      return translate('alert_message.weight', locale, {
        reading: `${reading > 0 ? '+' : ''}${number(reading)}`,
        tolerance,
      });
    }
    default: {
      if (typeof reading !== 'number') return null;
      if (typeof limit !== 'number')
        return translate('alert_message.temperature', locale, { reading: number(reading) });
      const held =
        kind === 'locked' && typeof details.minutes === 'number'
          ? translate('alert_message.held', locale, { minutes: details.minutes })
          : '';
      return translate('alert_message.temperature_limit', locale, {
        reading: number(reading),
        limit: number(limit),
        which: translate(`alert_message.limit.${details.direction === 'low' ? 'low' : 'high'}`, locale),
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
  const names = {
    title: translate(`alert_message.title.${kind}`, locale),
    name: micromarket.name,
    serial: micromarket.serialNumber,
  };
  const lines = [
    translate('alert_message.headline', locale, names),
    readingLine(kind, details, timeZone, locale),
    translate('alert_message.when', locale, { time: localTime(at, timeZone) }),
    translate('alert_message.open', locale, { link: `${publicUrl.replace(/\/$/, '')}/device/${micromarket.id}` }),
  ];
  return {
    subject: translate('alert_message.subject', locale, names),
    text: lines.filter((line) => line !== null).join('\n'),
  };
}
