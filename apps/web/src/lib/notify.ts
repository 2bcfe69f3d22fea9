import { type App, message as staticMessage } from 'antd';

type MessageInstance = ReturnType<typeof App.useApp>['message'];

/**
 * The api client lives outside React, yet its toasts must use the themed App context;
 * the App root hands its message instance over here once mounted.
 */
let instance: MessageInstance = staticMessage;

export function setMessageInstance(next: MessageInstance): void {
  instance = next;
}

export function getMessage(): MessageInstance {
  return instance;
}
