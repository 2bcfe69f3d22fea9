import { describe, expect, it } from 'vitest';
import { checkFcmSend, checkTelegramCall, checkWhatsApp, checkWhatsAppHeaders, TELEGRAM_SPEC } from './spec-check.js';

/** The checks the stand-ins lean on find what each published description refuses. */
describe('checks against the vendored specifications', () => {
  it('holds WhatsApp messages to Meta’s OpenAPI, with the button index erratum', () => {
    const template = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '380501112233',
      type: 'template',
      template: {
        name: 'vitrina_sign_in_code',
        language: { policy: 'deterministic', code: 'en' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: '123456' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '123456' }] },
        ],
      },
    };
    expect(checkWhatsApp('Message', template)).toEqual([]);
    expect(
      checkWhatsApp('Message', {
        ...template,
        template: {
          ...template.template,
          language: { code: 'en' },
          components: [{ type: 'button', sub_type: 'copy' }],
        },
      }),
    ).toEqual([
      '$.template.language.policy: required (LanguageObject)',
      '$.template.components[0].index: required (ButtonComponent)',
      '$.template.components[0].parameters: required (ButtonComponent)',
      '$.template.components[0].sub_type: "copy" is not one of ["quick_reply","url","catalog"]',
    ]);
    expect(
      checkWhatsApp('Message', { messaging_product: 'whatsapp', to: '1', type: 'text', text: { body: 1 } }),
    ).toEqual(['$.recipient_type: required (TextMessage)', '$.text.body: expected string, got integer']);
    expect(checkWhatsAppHeaders({ authorization: 'Bearer EAAG', 'content-type': 'text/plain' })).toEqual([
      'header Content-Type: "text/plain" is not one of ["application/json","application/x-www-form-urlencoded","multipart/form-data"]',
    ]);
  });

  it('holds FCM sends to Google’s discovery document and FCM’s payload rules', () => {
    const message = {
      token: 't',
      notification: { title: 'Hi', body: 'There' },
      data: { a: 'b' },
      android: { priority: 'HIGH' },
    };
    expect(checkFcmSend({ message })).toEqual([]);
    expect(
      checkFcmSend({
        message: { ...message, data: { from: 'x', gcm_x: 'y', n: 3 }, android: { priority: 'URGENT', colour: 'red' } },
      }),
    ).toEqual([
      '$.message.data.n: expected string, got integer',
      '$.message.android.priority: "URGENT" is not one of ["NORMAL","HIGH"]',
      '$.message.android.colour: unknown name (AndroidConfig)',
      '$.message.data.from: a reserved key',
      '$.message.data.gcm_x: a reserved key',
    ]);
    expect(checkFcmSend({ message: { ...message, data: { big: 'x'.repeat(4090) } } })).toEqual([
      '$.message: payload of 4100 bytes, over 4096',
    ]);
  });

  it('holds Bot API calls to the scraped sendMessage, its 4096 characters included', () => {
    expect(TELEGRAM_SPEC.version).toMatch(/^Bot API \d+\.\d+$/);
    expect(checkTelegramCall('sendMessage', { chat_id: '-100123', text: 'hello' })).toEqual([]);
    expect(checkTelegramCall('sendMessage', { chat_id: 12, text: 'x'.repeat(4097), silent: true })).toEqual([
      'sendMessage.text: 4097 characters, outside 1-4096',
      'sendMessage.silent: not a parameter',
    ]);
    expect(checkTelegramCall('sendMessage', { text: '' })).toEqual([
      'sendMessage.chat_id: required',
      'sendMessage.text: 0 characters, outside 1-4096',
    ]);
  });
});
