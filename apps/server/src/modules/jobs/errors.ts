import { TOOL_TEXTS } from '@muse/shared';
import { AppError } from '../../lib/errors';

/** The plan does not include the tool (the page opens the tool's limit modal). */
export class ToolNotAllowedError extends AppError {
  constructor() {
    super(403, TOOL_TEXTS.notAllowed, 'TOOL_NOT_ALLOWED');
  }
}
