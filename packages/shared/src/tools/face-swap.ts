/** Video face swap (docs/product/video-and-products.md): a persona's face in an uploaded clip. */
import { defineTool } from './define';

/**
 * A face swap changes footage someone filmed: the creator confirms, each time, that they have the
 * rights to it (docs/product/trust-and-safety.md, 'Footage in a face swap').
 */
export const FOOTAGE_RIGHTS_TEXTS = {
  label: 'I have the rights to this footage, and the consent of the people in it',
  required: 'Confirm that you have the rights to this footage.',
} as const;

export const FACE_SWAP_TOOL = defineTool({
  key: 'face-swap',
  request: ({ z, ZInfluencerId }) =>
    z.object({
      tool: z.literal('face-swap'),
      /** The persona whose face replaces the face in every frame of the uploaded clip. */
      influencerId: ZInfluencerId,
      /** The creator's confirmation that the footage is theirs to change ('true' in a form). */
      footageRights: z.union([z.literal(true), z.literal('true').transform(() => true as const)], {
        error: FOOTAGE_RIGHTS_TEXTS.required,
      }),
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
