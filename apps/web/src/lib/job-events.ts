import { isFinished, ZJob, type TJob } from '@muse/shared';
import { failedCall, hasErrorCode, withSession } from './api';
import { getJob } from './get-job';

/** How often the fallback asks for the job when its event stream cannot be read. */
export const POLL_INTERVAL_MS = 1500;

type TSseFrame = { event: string; data: string };

/**
 * Splits server-sent events out of a text stream. Chunks may end anywhere (inside a line, between
 * '\r' and '\n'), so text is buffered until a blank line closes a frame.
 */
export function createSseParser(onFrame: (frame: TSseFrame) => void) {
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk;
    for (;;) {
      const match = /\r\n\r\n|\n\n|\r\r/.exec(buffer);
      if (!match) return;
      const block = buffer.slice(0, match.index);
      buffer = buffer.slice(match.index + match[0].length);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split(/\r\n|\n|\r/)) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) onFrame({ event, data: data.join('\n') });
    }
  };
}

/**
 * Reads GET /api/jobs/{id}/events until the server closes it, calling `onJob` for every `job`
 * event. EventSource cannot send the bearer token, hence fetch and a hand-made parser.
 */
export async function readJobEvents(
  id: string,
  onJob: (job: TJob) => void,
  signal: AbortSignal,
): Promise<void> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  const sent = withSession(headers);
  const path = `/jobs/${encodeURIComponent(id)}/events`;
  const response = await fetch(`/api${path}`, { headers, signal, cache: 'no-store' });
  if (!response.ok || !response.body) {
    throw failedCall(path, sent, response.status, await response.json().catch(() => undefined));
  }

  const parse = createSseParser(({ event, data }) => {
    if (event !== 'job') return;
    const job = ZJob.safeParse(JSON.parse(data));
    if (job.success) onJob(job.data);
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      parse(value);
    }
  } finally {
    reader.releaseLock();
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * A refusal that another attempt will not change: the job is gone or not ours, or the workspace
 * it ran in no longer has us.
 */
function isFinal(error: unknown): boolean {
  return hasErrorCode(error, 'UNAUTHORISED', 'JOB_NOT_FOUND', 'NOT_FOUND', 'WORKSPACE_NOT_FOUND');
}

/**
 * Follows a job until it finishes: its event stream, once more if the stream breaks, then
 * GET /api/jobs/{id} every 1.5 s. Resolves with the finished job; rejects when aborted or when
 * the job cannot be read at all.
 */
export async function followJob(
  id: string,
  onJob: (job: TJob) => void,
  signal: AbortSignal,
): Promise<TJob> {
  let latest: TJob | undefined;
  const seen = (job: TJob) => {
    latest = job;
    onJob(job);
  };

  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await readJobEvents(id, seen, signal);
    } catch (error) {
      if (signal.aborted || isFinal(error)) throw error;
    }
    if (latest && isFinished(latest.status)) return latest;
  }

  for (;;) {
    try {
      seen(await getJob(id, signal));
      if (latest && isFinished(latest.status)) return latest;
    } catch (error) {
      if (signal.aborted || isFinal(error)) throw error;
      // A network blip: keep asking.
    }
    await sleep(POLL_INTERVAL_MS, signal);
  }
}
