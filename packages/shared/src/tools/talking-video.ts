/** Talking Video (docs/product/talking-video.md): the persona says a script, lips in sync. */
import { defineTool } from './define';
import { TALKING_SCRIPT_MAX_CHARS, values } from './choices';
import { VIDEO_ASPECT_RATIOS } from './generate-video';

export const TALKING_VIDEO_TOOL = defineTool({
  key: 'talking-video',
  request: ({ z, safeText, flag, noMinors, MINORS_TEXT, ZInfluencerId }) =>
    z.object({
      tool: z.literal('talking-video'),
      /** The persona who speaks, in its own voice; the picture is of it. */
      influencerId: ZInfluencerId,
      /** What the persona says; empty when the audio is uploaded. */
      script: safeText({ error: 'Write a script or upload the audio' })
        .trim()
        .max(
          TALKING_SCRIPT_MAX_CHARS,
          `Keep the script under ${TALKING_SCRIPT_MAX_CHARS} characters (about a minute)`,
        )
        .refine(noMinors, { error: MINORS_TEXT })
        .default(''),
      /** The speech is the uploaded audio (kept beside the job), not the script. */
      recorded: flag,
      aspectRatio: z
        .enum(values(VIDEO_ASPECT_RATIOS), { error: 'Choose 9:16, 1:1 or 16:9' })
        .default(VIDEO_ASPECT_RATIOS[0].value),
      /** Captions burned into the picture, timed from the speech (a script's words). */
      captions: flag,
    }),
  action: 'talkingVideo',
  engines: ['local', 'fal'],
  preview: true,
  path: '/talking-video',
  name: 'Talking Video',
  accepts: ['image', 'persona-photo'],
  returns: 'video',
  sidebar: { label: 'Talking Video', icon: 'microphone', position: 4.5 },
  // No card: the tools hub and the dashboard show six (docs/product/workspace.md); the sidebar leads here.
  faq: { label: 'A second of talking video (1 more from a script)', position: 2.5 },
});
