import http from 'node:http';
import https from 'node:https';
import { AppError, badRequest } from '../../lib/errors';
import { checkWebhookUrl, pinnedLookup, type TLookup } from './url-safety';

/** How long Muse waits for a file it was asked to fetch. */
const FETCH_TIMEOUT_MS = 20_000;

export const FETCH_TEXTS = {
  notAllowed:
    'Give the file’s https address on the internet: private, local and plain http addresses are not fetched',
  unreachable: 'The file at this address could not be fetched: check that it is public',
  notFound: 'The address answered without the file (no 200 OK): check that it is the file’s own',
  tooLarge: (megabytes: number) => `The file at this address is over ${megabytes} MB`,
} as const;

/**
 * Fetches a tool's input from a URL a program gave instead of uploading it: in production only
 * https to a public address (checked as a webhook's is, and connected to that very address, so
 * a name cannot resolve elsewhere in between), no redirects, at most `maxBytes`. The bytes are
 * then checked by content like any upload. `field` names the form field the URL came in.
 */
export async function fetchInput(
  raw: string,
  options: { production: boolean; maxBytes: number; field: string; lookup?: TLookup },
): Promise<{ data: Buffer; fileName: string }> {
  const { field } = options;
  const checked = await checkWebhookUrl(raw, {
    production: options.production,
    ...(options.lookup ? { lookup: options.lookup } : {}),
  });
  if (!checked.ok) throw badRequest(FETCH_TEXTS.notAllowed, 'URL_NOT_ALLOWED', { field });
  const { url, address } = checked;
  const tooLarge = () =>
    new AppError(
      413,
      FETCH_TEXTS.tooLarge(Math.round(options.maxBytes / 1e6)),
      'PAYLOAD_TOO_LARGE',
      {
        field,
      },
    );
  const data = await new Promise<Buffer>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      { agent: false, ...(address ? { lookup: pinnedLookup(address) } : {}) },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return reject(badRequest(FETCH_TEXTS.notFound, 'URL_NOT_ALLOWED', { field }));
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > options.maxBytes) {
          request.destroy();
          return reject(tooLarge());
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            request.destroy();
            return reject(tooLarge());
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve(Buffer.concat(chunks)));
        response.on('error', () =>
          reject(badRequest(FETCH_TEXTS.unreachable, 'URL_NOT_ALLOWED', { field })),
        );
      },
    );
    request.setTimeout(FETCH_TIMEOUT_MS, () => request.destroy(new Error('timed out')));
    request.on('error', () =>
      reject(badRequest(FETCH_TEXTS.unreachable, 'URL_NOT_ALLOWED', { field })),
    );
  });
  const last = url.pathname.split('/').pop() ?? '';
  let fileName = last;
  try {
    fileName = decodeURIComponent(last);
  } catch {
    // A name with a stray % is kept as it was written.
  }
  return { data, fileName: (fileName || 'input').slice(0, 200) };
}
