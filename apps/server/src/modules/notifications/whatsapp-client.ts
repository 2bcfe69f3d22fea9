import type { ChannelEndpoints, ChannelMessage, ChannelTarget, SendOutcome } from './channel-types.js';
import { refused } from './channel-types.js';

/** The Graph API version by default: the current one (v26.0, 29 July 2026; Meta keeps a version about two years). */
export const DEFAULT_WHATSAPP_API_VERSION = 'v26.0';

const TIMEOUT_MS = 10_000;
/** Identifies the caller as the Graph API's `User-Agent` parameter describes (`name/x.y.z`). */
const USER_AGENT = 'Vitrina/0.1.0';
/** A notice's text as one template parameter: at most this long (the template's own words come on top). */
export const WHATSAPP_NOTICE_PARAM_MAX = 900;

/**
 * Throughput and pair rate limits (130429, 131056), spam rate limit (131048), application
 * request limits (4, 80007): Meta says wait and send again. Other 4xx answers (a missing
 * template, bad parameters, a bad token) say the same however often they are asked.
 */
const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131048, 131056]);

/**
 * A notice as the one body parameter of a utility template: Meta refuses parameters with line
 * breaks, tabs or more than four spaces in a row (132018), so lines are joined with " · " and
 * runs of spaces closed up; the subject leads. Cut at WHATSAPP_NOTICE_PARAM_MAX with an ellipsis.
 */
export function noticeParameter(subject: string, text: string): string {
  const joined = [subject, text]
    .filter((part) => part.trim() !== '')
    .join('\n')
    .split(/\s*\n\s*/)
    .filter((line) => line !== '')
    .join(' · ')
    .replace(/[\t ]+/g, ' ')
    .trim();
  return joined.length > WHATSAPP_NOTICE_PARAM_MAX ? `${joined.slice(0, WHATSAPP_NOTICE_PARAM_MAX - 1)}…` : joined;
}

type Template = { name: string; language: string };

/** The message body of the Cloud API's send call: always an approved template. */
export function whatsAppBody(to: string, template: Template, message: ChannelMessage) {
  const components =
    message.kind === 'sign_in_code'
      ? [
          // Authentication templates: the code is the body's parameter and, again, the copy-code button's.
          { type: 'body', parameters: [{ type: 'text', text: message.code ?? '' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: message.code ?? '' }] },
        ]
      : [{ type: 'body', parameters: [{ type: 'text', text: noticeParameter(message.subject, message.text) }] }];
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'template',
    template: { name: template.name, language: { policy: 'deterministic', code: template.language }, components },
  };
}

type GraphError = { error?: { message?: string; code?: number; error_data?: { details?: string } } };

/**
 * A WhatsApp Cloud API message (one JSON POST to the Graph API; Meta publishes no maintained
 * Node client). Business-initiated free-form text reaches only a customer who wrote within 24
 * hours, so every message is an approved template the channel names: the authentication
 * template for sign-in codes, the utility template for everything else. Meta accepting it is
 * not delivery: the answer's `wamid` is what the status webhooks report on later.
 */
export async function sendWhatsApp(
  endpoints: ChannelEndpoints,
  target: ChannelTarget,
  message: ChannelMessage,
): Promise<SendOutcome> {
  const { settings } = target;
  const template =
    message.kind === 'sign_in_code'
      ? { name: settings.code_template, language: settings.code_template_language }
      : { name: settings.notice_template, language: settings.notice_template_language };
  if (!template.name || !template.language) {
    const which = message.kind === 'sign_in_code' ? 'sign-in codes' : 'notifications';
    return refused(`No approved WhatsApp template is set for ${which} on this channel`, { permanent: true });
  }
  const to = message.recipient.replace(/[^\d]/g, '');
  const root = endpoints.whatsappApiRoot.replace(/\/$/, '');
  const response = await fetch(`${root}/${endpoints.whatsappApiVersion}/${settings.phone_number_id}/messages`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${target.secret}`,
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
    },
    body: JSON.stringify(whatsAppBody(to, { name: template.name, language: template.language }, message)),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => null)) as (GraphError & { messages?: { id?: string }[] }) | null;
  if (response.ok) return { ok: true, providerMessageId: answer?.messages?.[0]?.id ?? null, parts: 1 };
  const code = answer?.error?.code;
  const words = answer?.error?.message ?? `WhatsApp answered ${response.status}`;
  const details = answer?.error?.error_data?.details;
  const isRateLimit = response.status === 429 || (code !== undefined && RATE_LIMIT_CODES.has(code));
  return refused(`WhatsApp ${code ?? response.status}: ${words}${details ? ` (${details})` : ''}`, {
    permanent: response.status >= 400 && response.status < 500 && !isRateLimit,
  });
}
