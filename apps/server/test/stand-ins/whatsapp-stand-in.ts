import { createHmac } from 'node:crypto';
import type http from 'node:http';
import { checkWhatsApp, checkWhatsAppHeaders } from '../specs/spec-check.js';

/** An approved message template, as the business's WhatsApp account holds it. */
export type StandInTemplate = {
  name: string;
  language: string;
  category: 'AUTHENTICATION' | 'UTILITY' | 'MARKETING';
  /** Parameters of the body ({{1}}…). */
  bodyParams: number;
};

/** A status webhook the stand-in owes the business, signed with the app secret when one is set. */
export type PendingWebhook = { phoneNumberId: string; body: string; signature: string | null };

export type WhatsAppSent = {
  wamid: string;
  phoneNumberId: string;
  version: string;
  to: string;
  type: string;
  template: string | null;
  /** The message's text, or a template's parameters joined by spaces. */
  text: string;
  body: Record<string, unknown>;
};

const DAY_MS = 24 * 3_600_000;
const WABA_ID = '102290129340398';

/** Meta's error objects, as its Graph API answers them (code, title and details from Meta's error code list). */
const ERRORS = {
  token: { status: 401, error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } },
  templateMissing: (name: string, language: string) => ({
    status: 404,
    error: {
      message: '(#132001) Template name does not exist in the translation',
      type: 'OAuthException',
      code: 132001,
      error_data: { messaging_product: 'whatsapp', details: `template name (${name}) does not exist in ${language}` },
    },
  }),
  paramCount: (details: string) => ({
    status: 400,
    error: {
      message: '(#132000) Number of parameters does not match the expected number of params',
      type: 'OAuthException',
      code: 132000,
      error_data: { messaging_product: 'whatsapp', details },
    },
  }),
  paramFormat: {
    status: 400,
    error: {
      message: "(#132018) There's an issue with the parameters in your template.",
      type: 'OAuthException',
      code: 132018,
      error_data: {
        messaging_product: 'whatsapp',
        details: 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
      },
    },
  },
  invalid: (details: string) => ({
    status: 400,
    error: {
      message: '(#100) Invalid parameter',
      type: 'OAuthException',
      code: 100,
      error_data: { messaging_product: 'whatsapp', details },
    },
  }),
};

/** Asynchronous failures, as the `failed` status webhook carries them. */
const REENGAGEMENT = {
  code: 131047,
  title: 'Re-engagement message',
  message: 'Re-engagement message',
  error_data: {
    details:
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
};
const UNDELIVERABLE = {
  code: 131026,
  title: 'Message undeliverable',
  message: 'Message undeliverable',
  error_data: { details: 'Message Undeliverable.' },
};

/** Meta's template parameter rule (error 132018). */
const isCleanParam = (text: string) => !/[\n\t]/.test(text) && !/ {5,}/.test(text);

/**
 * A stand-in for the WhatsApp Cloud API's `POST /{Version}/{Phone-Number-ID}/messages` and the
 * status webhooks that follow a send. Every request is checked against Meta's published
 * OpenAPI (vendored in specs/) and what it finds is kept in `violations`. It models what
 * free-form sends meet on a real account: a `type: text` message is accepted, but reaches
 * only a number that wrote to the business within 24 hours; otherwise a `failed` status
 * with 131047 follows, as Meta does. Templates must be approved (`approve`) in the language
 * asked, with their parameters; authentication templates take the code as the body's one
 * parameter and again as the copy-code button's. Numbers starting 999 are undeliverable
 * (131026, asynchronously).
 */
export function whatsAppStandIn(options: { now: () => number; refusedSecret: string; violations: string[] }) {
  const sent: WhatsAppSent[] = [];
  const templates: StandInTemplate[] = [
    { name: 'vitrina_sign_in_code', language: 'en', category: 'AUTHENTICATION', bodyParams: 1 },
    { name: 'vitrina_sign_in_code', language: 'uk', category: 'AUTHENTICATION', bodyParams: 1 },
    { name: 'vitrina_notice', language: 'en', category: 'UTILITY', bodyParams: 1 },
  ];
  const lastInbound = new Map<string, number>();
  const appSecrets = new Map<string, string>();
  let pending: PendingWebhook[] = [];

  function queueStatus(phoneNumberId: string, message: WhatsAppSent, status: string, errors?: object[]) {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: WABA_ID,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
                statuses: [
                  {
                    id: message.wamid,
                    status,
                    timestamp: String(Math.floor(options.now() / 1000)),
                    recipient_id: message.to,
                    ...(errors ? { errors } : {}),
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    // The stand-in's own webhooks are held to the same description.
    options.violations.push(
      ...checkWhatsApp('WebhookPayload', JSON.parse(body), 'webhook').map((v) => `stand-in ${v}`),
    );
    const secret = appSecrets.get(phoneNumberId);
    const signature = secret ? `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}` : null;
    pending.push({ phoneNumberId, body, signature });
  }

  /** Checks a template send as Meta would; answers the refusal, or null. */
  function refuseTemplate(template: Record<string, unknown>) {
    const name = String(template.name ?? '');
    const language = String((template.language as { code?: string } | undefined)?.code ?? '');
    const approved = templates.find((item) => item.name === name && item.language === language);
    if (!approved) return ERRORS.templateMissing(name, language);
    const components = (template.components ?? []) as {
      type?: string;
      sub_type?: string;
      index?: string;
      parameters?: { text?: string }[];
    }[];
    const body = components.find((component) => component.type === 'body');
    const bodyParams = body?.parameters ?? [];
    if (bodyParams.length !== approved.bodyParams) {
      return ERRORS.paramCount(
        `body: number of localizable_params (${bodyParams.length}) does not match the expected number of params (${approved.bodyParams})`,
      );
    }
    const texts = components.flatMap((component) =>
      (component.parameters ?? []).map((parameter) => String(parameter.text ?? '')),
    );
    if (!texts.every(isCleanParam)) return ERRORS.paramFormat;
    if (approved.category === 'AUTHENTICATION') {
      // The copy-code button is a URL button whose one parameter is the code again.
      const button = components.find((component) => component.type === 'button');
      const code = bodyParams[0]?.text ?? '';
      if (button?.sub_type !== 'url' || button.index !== '0' || button.parameters?.[0]?.text !== code) {
        return ERRORS.paramCount(
          'buttons: the copy code button needs the code as its parameter (sub_type url, index 0)',
        );
      }
      if (code.length > 15) return ERRORS.invalid('authentication codes are at most 15 characters');
    }
    return null;
  }

  async function handle(
    request: http.IncomingMessage,
    match: RegExpExecArray,
    body: Record<string, unknown>,
    answer: (status: number, payload: unknown) => void,
  ) {
    const [, version = '', phoneNumberId = ''] = match;
    if (!/^v\d+\.\d$/.test(version)) options.violations.push(`whatsapp: ${version} is not a Graph API version`);
    options.violations.push(...checkWhatsAppHeaders(request.headers).map((v) => `whatsapp ${v}`));
    options.violations.push(...checkWhatsApp('Message', body).map((v) => `whatsapp ${v}`));
    const token = (request.headers.authorization ?? '').replace(/^Bearer\s+/, '');
    if (token === options.refusedSecret) return answer(ERRORS.token.status, { error: ERRORS.token.error });
    const to = String(body.to ?? '');
    if (!/^\+?\d{6,15}$/.test(to)) return answer(400, { error: ERRORS.invalid('to: not a phone number').error });
    const type = String(body.type ?? '');
    const template = (body.template ?? null) as Record<string, unknown> | null;
    if (type === 'template' && template) {
      const refusal = refuseTemplate(template);
      if (refusal) return answer(refusal.status, { error: refusal.error });
    }
    const digits = to.replace(/^\+/, '');
    const message: WhatsAppSent = {
      wamid: `wamid.stand-in.${sent.length + 1}.${Math.random().toString(36).slice(2, 10)}`,
      phoneNumberId,
      version,
      to: digits,
      type,
      template: template ? String(template.name) : null,
      text:
        type === 'text'
          ? String((body.text as { body?: string } | undefined)?.body ?? '')
          : ((template?.components ?? []) as { parameters?: { text?: string }[] }[])
              .flatMap((component) => (component.parameters ?? []).map((parameter) => String(parameter.text ?? '')))
              .join(' '),
      body,
    };
    sent.push(message);
    answer(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: digits }],
      messages: [{ id: message.wamid, message_status: 'accepted' }],
    });
    const inWindow = options.now() - (lastInbound.get(digits) ?? Number.NEGATIVE_INFINITY) < DAY_MS;
    if (type === 'text' && !inWindow) return queueStatus(phoneNumberId, message, 'failed', [REENGAGEMENT]);
    if (digits.startsWith('999')) return queueStatus(phoneNumberId, message, 'failed', [UNDELIVERABLE]);
    queueStatus(phoneNumberId, message, 'sent');
    queueStatus(phoneNumberId, message, 'delivered');
  }

  return {
    sent,
    handle,
    /** The customer with this number wrote to the business now: free-form text reaches them for 24 hours. */
    inbound(phone: string) {
      lastInbound.set(phone.replace(/\D/g, ''), options.now());
    },
    approve(template: StandInTemplate) {
      templates.push(template);
    },
    /** The app secret Meta signs this number's webhooks with (X-Hub-Signature-256). */
    setAppSecret(phoneNumberId: string, secret: string) {
      appSecrets.set(phoneNumberId, secret);
    },
    /** The status webhooks owed so far, oldest first; taking them clears the list. */
    takeWebhooks(): PendingWebhook[] {
      const taken = pending;
      pending = [];
      return taken;
    },
  };
}
