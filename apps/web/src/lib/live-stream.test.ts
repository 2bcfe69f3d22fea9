import { describe, expect, it } from 'vitest';
import { parseFrames } from './live-stream';

describe('parseFrames', () => {
  it('reads named events and keeps an unfinished one for the next chunk', () => {
    const { frames, rest } = parseFrames('event: ready\ndata: {"topics":[]}\n\nevent: alert\ndata: {"id"');
    expect(frames).toEqual([{ event: 'ready', data: '{"topics":[]}' }]);
    expect(rest).toBe('event: alert\ndata: {"id"');
    expect(parseFrames(`${rest}:1}\n\n`).frames).toEqual([{ event: 'alert', data: '{"id":1}' }]);
  });

  it('skips heartbeats and the retry hint, and joins multi-line data', () => {
    const { frames } = parseFrames(': ping\n\nretry: 5000\n\ndata: a\ndata: b\n\n');
    expect(frames).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('accepts CRLF line ends', () => {
    expect(parseFrames('event: resync\r\ndata: {}\r\n\r\n').frames).toEqual([{ event: 'resync', data: '{}' }]);
  });
});
