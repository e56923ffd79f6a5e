import { ERROR_CODES, ZErrorResponse, type TErrorCode } from '@muse/shared';

type TAnswer = { statusCode: number; body: string };

/**
 * The code of an error answer, after checking it keeps the contract (docs/product/api.md,
 * 'Error codes'): `{ success: false, error, code }` with a non-empty text, a code of the shared
 * union, and the status that code is answered with. Throws, saying what is wrong, otherwise.
 */
export function errorCodeOf(answer: TAnswer, described: string = ''): TErrorCode {
  const where = `${described} -> ${answer.statusCode} ${answer.body.slice(0, 300)}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    throw new Error(`error answer is not JSON: ${where}`);
  }
  const parsed = ZErrorResponse.safeParse(body);
  if (!parsed.success || parsed.data.error.length === 0) {
    throw new Error(`error answer has another shape: ${where}`);
  }
  const statuses: readonly number[] = ERROR_CODES[parsed.data.code].status;
  if (!statuses.includes(answer.statusCode)) {
    throw new Error(`error answer's code is answered with ${statuses.join(', ')}: ${where}`);
  }
  return parsed.data.code;
}
