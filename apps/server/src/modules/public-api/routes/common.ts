import { z } from 'zod';

/** The answer of a call that only says it was done. */
export const ZV1Success = z.object({ success: z.literal(true) });
