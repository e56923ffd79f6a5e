import type {} from '@fastify/multipart';
import {
  LIKENESS_TEXTS,
  MAX_UPLOAD_BYTES,
  TALKING_TEXTS,
  UPLOAD_TEXTS,
  VIDEO_TEXTS,
  VOICE_TEXTS,
} from '@muse/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';

/** `fileName`: the name the browser sent, without any folders (older browsers send a path). */
export type TUploadedFile = { field: string; data: Buffer; fileName: string };

/**
 * How the form parser (busboy) says the body is not a readable form: the content type names no
 * boundary (or one longer than multipart allows), or the body ends before the closing boundary.
 * These errors carry no code, so they are known by their text; anything else (a disk or stream
 * fault) stays a server error.
 */
const UNREADABLE_FORM = [
  /^Multipart: Boundary not found$/,
  /^Unexpected end of (multipart data|form)$/,
  /terminated early due to unexpected end of multipart data$/,
  /^The needle cannot have a length bigger than \d+\.$/,
];

function isUnreadableForm(error: unknown): boolean {
  if (!(error instanceof Error) || 'code' in error) return false;
  return UNREADABLE_FORM.some((pattern) => pattern.test(error.message));
}
export type TMultipartForm = {
  fields: Record<string, string[]>;
  files: TUploadedFile[];
};

/** Every text field with its first value (a browser sends each field once). */
export function firstValues(form: TMultipartForm): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(form.fields).map(([name, all]) => [name, all[0]]));
}

/** The first value of a text field, or undefined. */
export function field(form: TMultipartForm, name: string): string | undefined {
  return form.fields[name]?.[0];
}

/** What a file over its field's limit is told: images, clips, documents and sound say their own. */
const TOO_LARGE: Record<string, string> = {
  video: VIDEO_TEXTS.videoTooLarge,
  document: LIKENESS_TEXTS.documentTooLarge,
  recording: VOICE_TEXTS.recordingTooLarge,
  audio: TALKING_TEXTS.audioTooLarge,
};

/** The refusal of a file over its field's limit. */
export function tooLarge(field: string | null): AppError {
  return new AppError(
    413,
    (field && TOO_LARGE[field]) || UPLOAD_TEXTS.tooLarge,
    'PAYLOAD_TOO_LARGE',
  );
}

/**
 * Reads a multipart form whole: text fields and the files of the `fileFields` named. A file over
 * its limit (10 MB unless `maxBytes` names another for its field), more files than `maxFiles`,
 * or a file under another name is refused with a clear error.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: { fileFields: string[]; maxFiles: number; maxBytes?: Record<string, number> },
): Promise<TMultipartForm> {
  if (!request.isMultipart()) throw badRequest('Send the form as multipart/form-data');
  const form: TMultipartForm = { fields: {}, files: [] };
  const limitOf = (field: string) => options.maxBytes?.[field] ?? MAX_UPLOAD_BYTES;
  // The parser's own limit is the largest any field has; each file is held to its field's.
  const fileSize = Math.max(MAX_UPLOAD_BYTES, ...Object.values(options.maxBytes ?? {}));
  let reading: string | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize, files: options.maxFiles, fields: 40, parts: 60 },
    })) {
      if (part.type === 'file') {
        reading = part.fieldname;
        const data = await part.toBuffer();
        if (data.length > limitOf(part.fieldname)) throw tooLarge(part.fieldname);
        if (!options.fileFields.includes(part.fieldname)) continue;
        // An empty file input still sends a part with no bytes: that is "no file".
        if (data.length > 0) {
          const fileName = (part.filename ?? '').split(/[\\/]/).pop() ?? '';
          form.files.push({ field: part.fieldname, data, fileName });
        }
      } else {
        (form.fields[part.fieldname] ??= []).push(String(part.value));
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (error instanceof AppError) throw error;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(reading);
    if (code === 'FST_FILES_LIMIT') throw badRequest(UPLOAD_TEXTS.tooManyImages);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('The form has too many fields');
    if (isUnreadableForm(error)) throw badRequest(UPLOAD_TEXTS.unreadable);
    throw error;
  }
  return form;
}
