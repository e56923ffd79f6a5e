import { describe, expect, it } from 'vitest';
import { createSseParser } from './job-events';

function collect(chunks: string[]) {
  const frames: { event: string; data: string }[] = [];
  const parse = createSseParser((frame) => frames.push(frame));
  for (const chunk of chunks) parse(chunk);
  return frames;
}

describe('createSseParser', () => {
  it('reads named events with their data', () => {
    expect(collect(['event: job\nid: 1\ndata: {"a":1}\n\nevent: job\ndata: {"a":2}\n\n'])).toEqual([
      { event: 'job', data: '{"a":1}' },
      { event: 'job', data: '{"a":2}' },
    ]);
  });

  it('waits for the blank line when a frame is split across chunks, even inside \\r\\n', () => {
    const text =
      'event: job\r\ndata: {"progress":40}\r\n\r\nevent: job\r\ndata: {"progress":80}\r\n\r\n';
    const chunks = text.match(/.{1,3}/gs)!;
    expect(collect(chunks).map((frame) => frame.data)).toEqual([
      '{"progress":40}',
      '{"progress":80}',
    ]);
  });

  it('skips comments (keep-alives) and joins multi-line data', () => {
    expect(collect([': keep-alive\n\n', 'data: line one\ndata: line two\n\n'])).toEqual([
      { event: 'message', data: 'line one\nline two' },
    ]);
  });

  it('keeps an unfinished frame until it is closed', () => {
    const frames: string[] = [];
    const parse = createSseParser((frame) => frames.push(frame.data));
    parse('event: job\ndata: {"x":1}\n');
    expect(frames).toEqual([]);
    parse('\n');
    expect(frames).toEqual(['{"x":1}']);
  });
});
