/** Generate Prompt (docs/product/tools.md): an image described as a ready-to-use prompt. */
import { defineTool } from './define';

export const GENERATE_PROMPT_TOOL = defineTool({
  key: 'generate-prompt',
  request: ({ z, safeText }) =>
    z.object({
      tool: z.literal('generate-prompt'),
      /** The creator's own words, which lead the written prompt. */
      customPrompt: safeText().trim().max(1000, 'Keep your text under 1000 characters').default(''),
    }),
  action: 'promptGeneration',
  engines: ['local'],
  preview: false,
  path: '/generate-prompt',
  name: 'Generate Prompt',
  accepts: ['image'],
  returns: 'prompt',
  sidebar: { label: 'Generate Prompt', icon: 'message', position: 7 },
  card: {
    title: 'Generate Prompt',
    description: 'Describe any picture as a ready-to-use prompt for the image generator.',
    per: 'per prompt',
    icon: 'message',
    tone: 'from-rose-500/25 text-rose-300',
    position: 6,
  },
  faq: { label: 'Generate a prompt', position: 7 },
  continueFromGallery: { position: 3 },
});
