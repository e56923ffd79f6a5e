/** Generate Video (docs/product/video-and-products.md): a still made into a short clip. */
import { defineTool } from './define';
import { values } from './choices';

/** Generate Video's clip lengths (seconds) and frames, as the page words them. */
export const VIDEO_DURATIONS = [
  { value: '5', label: '5 seconds' },
  { value: '10', label: '10 seconds' },
] as const;

export const VIDEO_ASPECT_RATIOS = [
  { value: '9:16', label: '9:16' },
  { value: '1:1', label: '1:1' },
  { value: '16:9', label: '16:9' },
] as const;

export const GENERATE_VIDEO_TOOL = defineTool({
  key: 'generate-video',
  request: ({ z, ZInfluencerChoice, ZMotionPrompt }) =>
    z.object({
      tool: z.literal('generate-video'),
      /** The persona the still shows, whose likeness the clip is scored against; null: none. */
      influencerId: ZInfluencerChoice,
      /** How the still should move ('slow push-in, hair in the wind'). */
      prompt: ZMotionPrompt,
      duration: z
        .enum(values(VIDEO_DURATIONS), { error: 'Choose 5 or 10 seconds' })
        .default(VIDEO_DURATIONS[0].value),
      aspectRatio: z
        .enum(values(VIDEO_ASPECT_RATIOS), { error: 'Choose 9:16, 1:1 or 16:9' })
        .default(VIDEO_ASPECT_RATIOS[0].value),
    }),
  action: 'videoGeneration',
  engines: ['local', 'fal'],
  preview: true,
  path: '/generate-video',
  name: 'Generate Video',
  accepts: ['image', 'persona-photo'],
  returns: 'video',
  sidebar: { label: 'Generate Video', icon: 'clapperboard', position: 3 },
  card: {
    title: 'Video Generator',
    description: 'Turn a still into a short clip, ready for reels and stories.',
    per: 'per video',
    icon: 'clapperboard',
    tone: 'from-accent-500/30 text-accent-400',
    position: 4,
  },
  faq: { label: 'Generate a video', position: 2 },
});
