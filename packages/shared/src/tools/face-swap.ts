/** Video face swap (docs/product/video-and-products.md): a persona's face in an uploaded clip. */
import { defineTool } from './define';

export const FACE_SWAP_TOOL = defineTool({
  key: 'face-swap',
  request: ({ z, ZInfluencerId }) =>
    z.object({
      tool: z.literal('face-swap'),
      /** The persona whose face replaces the face in every frame of the uploaded clip. */
      influencerId: ZInfluencerId,
    }),
  action: 'videoFaceSwap',
  engines: ['local', 'fal'],
  preview: true,
  path: '/face-swap',
  name: 'Face Swap',
  accepts: ['video', 'persona-photo'],
  returns: 'video',
  sidebar: { label: 'Face Swap', icon: 'mask', position: 4 },
  faq: { label: 'Video face swap', position: 3 },
});
