import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * The api client lives outside React, yet its toasts must use the themed context;
 * the providers hand their message instance over here once mounted.
 */
let instance: MessageInstance = staticMessage;

export function setMessageInstance(next: MessageInstance): void {
  instance = next;
}

export function getMessage(): MessageInstance {
  return instance;
}
