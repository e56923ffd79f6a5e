/** The text engine `ENGINE_TEXT` chooses (docs/product/drafts.md). */
import type { TConfig } from '../../config';
import { createLocalTextEngine } from './local';
import { createOpenAiCompatibleEngine } from './openai-compatible';
import type { TTextEngine } from './types';

export type { TTextEngine } from './types';

export function createTextEngine(
  config: Pick<
    TConfig,
    | 'ENGINE_TEXT'
    | 'TEXT_API_URL'
    | 'TEXT_API_KEY'
    | 'TEXT_MODEL'
    | 'TEXT_TIMEOUT_MS'
    | 'TEXT_ACCEPTS_IMAGES'
  >,
): TTextEngine {
  if (config.ENGINE_TEXT === 'openai-compatible' && config.TEXT_API_URL && config.TEXT_MODEL)
    return createOpenAiCompatibleEngine({
      url: config.TEXT_API_URL,
      model: config.TEXT_MODEL,
      ...(config.TEXT_API_KEY ? { apiKey: config.TEXT_API_KEY } : {}),
      timeoutMs: config.TEXT_TIMEOUT_MS,
      acceptsImages: config.TEXT_ACCEPTS_IMAGES,
    });
  return createLocalTextEngine();
}
