import type { TCreditAction } from '@muse/shared';

/**
 * The support page's table of costs: each tool's line, in the order a creator meets them. The
 * tools' descriptors say the same (`faq` in `packages/shared/src/tools/<key>.ts`), and
 * `cost-lines.test.ts` holds the two together; the page does not read the registry itself,
 * because the descriptors carry the tools' request schemas, and /support is a prerendered public
 * page that loads no schema on its first visit (docs/decisions/0036-schemas-on-first-use.md).
 */
export const COST_LINES: readonly { action: TCreditAction; label: string }[] = [
  { action: 'imageGeneration', label: 'Generate an image (per image)' },
  { action: 'videoGeneration', label: 'Generate a video' },
  { action: 'videoFaceSwap', label: 'Video face swap' },
  { action: 'upscale', label: 'Upscale an image' },
  { action: 'editImage', label: 'Edit an image' },
  { action: 'productShot', label: 'Product shot' },
  { action: 'promptGeneration', label: 'Generate a prompt' },
];
