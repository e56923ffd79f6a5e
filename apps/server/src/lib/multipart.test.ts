import type { FastifyRequest } from 'fastify';
import { UPLOAD_TEXTS } from '@muse/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { readMultipartForm } from './multipart';

/** A request whose form parser fails with `error` as soon as it is read. */
function failingRequest(error: Error): FastifyRequest {
  const request = {
    isMultipart: () => true,
    parts: () => ({
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(error) }),
    }),
  };
  // Only the two methods readMultipartForm calls are needed.
  return request as unknown as FastifyRequest;
}

const read = (error: Error) =>
  readMultipartForm(failingRequest(error), { fileFields: ['image'], maxFiles: 1 });

describe('readMultipartForm', () => {
  it('answers 400 when the parser cannot read the form', async () => {
    for (const message of [
      'Multipart: Boundary not found',
      'Unexpected end of multipart data',
      'Part terminated early due to unexpected end of multipart data',
    ]) {
      const refused = await read(new Error(message)).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ statusCode: 400, message: UPLOAD_TEXTS.unreadable });
    }
  });

  it('lets a fault of the server through as it is, to be answered as one', async () => {
    const disk = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
    });
    await expect(read(disk)).rejects.toBe(disk);
    // Even with a parser's words, an error that carries a system code is not the client's.
    const coded = Object.assign(new Error('Unexpected end of multipart data'), { code: 'EIO' });
    await expect(read(coded)).rejects.toBe(coded);
    const other = new Error('Something else broke');
    await expect(read(other)).rejects.toBe(other);
  });
});
