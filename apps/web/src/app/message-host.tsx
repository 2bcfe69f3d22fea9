import { message } from 'antd';
import { useEffect } from 'react';
import { attachMessageHost } from '../lib/notify';

/** Themed toasts (lib/notify.ts); a chunk of its own, mounted with the first toast. */
export default function MessageHost() {
  const [messageApi, holder] = message.useMessage();
  useEffect(
    () => attachMessageHost(({ level, content, durationS }) => void messageApi[level](content, durationS)),
    [messageApi],
  );
  return holder;
}
