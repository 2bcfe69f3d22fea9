import { Api, GrammyError, HttpError } from 'grammy';
import {
  type ChannelEndpoints,
  type ChannelMessage,
  type ChannelTarget,
  refused,
  type SendOutcome,
} from './channel-types.js';

const TIMEOUT_MS = 10_000;
/** sendMessage's `text`: 1-4096 characters after entities parsing (Bot API); plain text has none. */
export const TELEGRAM_TEXT_MAX = 4096;

/**
 * A text cut into parts Telegram takes, each at most `max` characters (UTF-16 units, which is
 * never fewer than Telegram's count): at the last line break in the second half of a part, else
 * the last space there, else hard at `max` (never inside a surrogate pair). The whitespace at a
 * cut is dropped; no part is empty.
 */
export function splitMessage(text: string, max = TELEGRAM_TEXT_MAX): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max + 1);
    let cut = window.lastIndexOf('\n');
    if (cut < max / 2) cut = Math.max(window.lastIndexOf(' '), window.lastIndexOf('\t'));
    if (cut < max / 2) {
      cut = max;
      const code = rest.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    }
    const part = rest.slice(0, cut).trimEnd();
    if (part) parts.push(part);
    rest = rest.slice(cut).replace(/^\s+/, '');
  }
  if (rest || parts.length === 0) parts.push(rest);
  return parts;
}

/**
 * A Telegram bot's message to a chat (grammY's Bot API client). A text over 4096 characters
 * goes as several messages, split on line or word boundaries, in order; a retry starts after
 * the parts an earlier attempt sent. Flood control (429) is answered with its `retry_after`,
 * so the caller waits that long before the rest.
 */
export async function sendTelegram(
  endpoints: ChannelEndpoints,
  target: ChannelTarget,
  message: ChannelMessage,
): Promise<SendOutcome> {
  const api = new Api(target.secret, { apiRoot: endpoints.telegramApiRoot, timeoutSeconds: TIMEOUT_MS / 1000 });
  const body = message.subject ? `${message.subject}\n\n${message.text}` : message.text;
  const parts = splitMessage(body);
  let sent = Math.min(message.partsSent ?? 0, parts.length);
  try {
    for (; sent < parts.length; sent += 1) await api.sendMessage(message.recipient, parts[sent]!);
    return { ok: true, providerMessageId: null, parts: parts.length };
  } catch (error) {
    if (error instanceof GrammyError) {
      const wait = error.parameters.retry_after;
      return refused(error.description, {
        // Telegram's 4xx other than flood control will say the same again (a bad token, a blocked bot).
        permanent: error.error_code >= 400 && error.error_code < 500 && error.error_code !== 429,
        retryAfterMs: wait === undefined ? null : wait * 1000,
        partsSent: sent,
      });
    }
    if (error instanceof HttpError)
      return refused(`Telegram could not be reached: ${error.message}`, { partsSent: sent });
    throw error;
  }
}
