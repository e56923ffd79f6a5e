import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  TOKEN_STORAGE_KEY,
  WORKSPACE_STORAGE_KEY,
  getOpenWorkspace,
  takeWorkspaceGone,
} from './api';
import { createSseParser, readJobEvents } from './job-events';

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

describe('readJobEvents', () => {
  const TEAM = '5d9c3e1b-7a2f-4b6e-9c8d-1e2f3a4b5c6d';
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
    takeWorkspaceGone();
  });

  it('names the open workspace, and forgets it when the stream says it is gone', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'abc');
    localStorage.setItem(WORKSPACE_STORAGE_KEY, TEAM);
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
      new Response(
        JSON.stringify({
          success: false,
          error: 'There is no such workspace.',
          code: 'WORKSPACE_NOT_FOUND',
        }),
        { status: 404, headers: { 'content-type': 'application/json' } },
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const failure = await readJobEvents('job-1', () => {}, new AbortController().signal).catch(
      (e: unknown) => e,
    );
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/jobs/job-1/events');
    expect(headers.authorization).toBe('Bearer abc');
    expect(headers['X-Muse-Workspace']).toBe(TEAM);
    expect(failure).toMatchObject({ code: 'WORKSPACE_NOT_FOUND' });
    expect(getOpenWorkspace()).toBeNull();
    expect(takeWorkspaceGone()).toBe(true);
  });
});
