import { CHANNEL_TYPE, DEFAULT_LOCALE, type Locale, USER_KIND } from '@vitrina/contract';
import { and, arrayOverlaps, asc, count, desc, eq, inArray, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** One outbox recipient: an address on a channel of this type (Vitrina's mail is mail). */
export type RecipientAddress = { channelType: number; recipient: string };

/** A phone as users keep it (`+380…` or `380…`): both spellings, to match either. */
const phoneSpellings = (recipient: string) => {
  const digits = recipient.replace(/\D/g, '');
  return digits ? [`+${digits}`, digits] : [];
};

/**
 * The organisation's language, for an address that belongs to nobody (a Telegram chat, an
 * outside mailbox): the one most of its active employees chose, the earliest one's on a tie;
 * English when it has none.
 */
async function organisationLocale(db: Db, orgId: number): Promise<Locale> {
  const [row] = await db
    .select({ lang: users.lang })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.active, true), eq(users.userType, USER_KIND.employee)))
    .groupBy(users.lang)
    .orderBy(desc(count()), asc(min(users.id)))
    .limit(1);
  return row?.lang ?? DEFAULT_LOCALE;
}

async function localesByEmail(db: Db, emails: string[]): Promise<Map<string, Locale>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})`, lang: users.lang })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  return new Map(rows.map((row) => [row.email, row.lang]));
}

/** By phone: the organisation's own active users first (as WhatsApp's fall-back to mail picks them). */
async function localesByPhone(db: Db, orgId: number, phones: string[]): Promise<Map<string, Locale>> {
  const spellings = [...new Set(phones.flatMap(phoneSpellings))];
  if (spellings.length === 0) return new Map();
  const rows = await db
    .select({ phones: users.phones, lang: users.lang })
    .from(users)
    .where(arrayOverlaps(users.phones, spellings))
    .orderBy(sql`${users.orgId} = ${orgId} desc`, desc(users.active), asc(users.id));
  const found = new Map<string, Locale>();
  for (const phone of phones) {
    const match = rows.find((row) => phoneSpellings(phone).some((spelling) => row.phones.includes(spelling)));
    if (match) found.set(phone, match.lang);
  }
  return found;
}

/**
 * The language each recipient reads: the user's own at that address — an email on
 * mail, a phone on WhatsApp — and otherwise the organisation's (Telegram chat ids belong to
 * no user). Answers in the order asked.
 */
export async function recipientLocales(db: Db, orgId: number, addresses: RecipientAddress[]): Promise<Locale[]> {
  const isMail = (address: RecipientAddress) => address.channelType === CHANNEL_TYPE.mail;
  const isPhone = (address: RecipientAddress) => address.channelType === CHANNEL_TYPE.whatsapp;
  const [byEmail, byPhone] = await Promise.all([
    localesByEmail(db, [...new Set(addresses.filter(isMail).map((address) => address.recipient.toLowerCase()))]),
    localesByPhone(db, orgId, [...new Set(addresses.filter(isPhone).map((address) => address.recipient))]),
  ]);
  const known = addresses.map((address) =>
    isMail(address) ? byEmail.get(address.recipient.toLowerCase()) : byPhone.get(address.recipient),
  );
  const fallback = known.includes(undefined) ? await organisationLocale(db, orgId) : DEFAULT_LOCALE;
  return known.map((locale) => locale ?? fallback);
}

export type NoticeMessage = { subject: string; text: string };
/** A notice's words: the same for everyone, or composed in each recipient's language. */
export type NoticeText = NoticeMessage | { messageIn: (locale: Locale) => NoticeMessage };

/** Each outbox row's subject and text: the notice's own, or in its recipient's language (each language composed once). */
export async function messagesFor(
  db: Db,
  orgId: number,
  words: NoticeText,
  rows: RecipientAddress[],
): Promise<NoticeMessage[]> {
  if (!('messageIn' in words)) return rows.map(() => ({ subject: words.subject, text: words.text }));
  const composed = new Map<Locale, NoticeMessage>();
  const inLocale = (locale: Locale) => {
    const known = composed.get(locale);
    if (known) return known;
    const message = words.messageIn(locale);
    composed.set(locale, message);
    return message;
  };
  return (await recipientLocales(db, orgId, rows)).map(inLocale);
}
