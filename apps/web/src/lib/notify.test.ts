import { describe, expect, it, vi } from 'vitest';
import { attachMessageHost, getMessage, onMessageHostNeeded } from './notify';

describe('notify', () => {
  it('keeps toasts until the host mounts, asks for it, then shows them in order and the next at once', () => {
    getMessage().error('first', 5);
    const mount = vi.fn();
    const stopWaiting = onMessageHostNeeded(mount);
    expect(mount).toHaveBeenCalledTimes(1);
    getMessage().success('second');

    const shown: unknown[] = [];
    const detach = attachMessageHost((notice) => shown.push(notice));
    expect(shown).toEqual([
      { level: 'error', content: 'first', durationS: 5 },
      { level: 'success', content: 'second', durationS: undefined },
    ]);
    getMessage().success('third');
    expect(shown).toHaveLength(3);

    detach();
    stopWaiting();
  });
});
