/**
 * Generate Video, video face swap and product shots (docs/product/video-and-products.md): the
 * limits an uploaded clip must keep, and the texts of the three tools.
 */
import { CREDIT_COSTS, formatCount } from '../plans';

/** What face swap takes: checked on the clip's own bytes before anything is spent. */
export const VIDEO_UPLOAD = {
  maxBytes: 50 * 1024 * 1024,
  maxSeconds: 30,
  /** The longer side, in pixels (1080p). */
  maxSide: 1920,
  /** The types the picker offers; the server reads the container from the bytes. */
  types: ['video/mp4', 'video/quicktime', 'video/webm'],
  hint: 'MP4, MOV or WEBM · up to 30 seconds, 50 MB and 1080p',
} as const;

export const VIDEO_TEXTS = {
  // Word for word as docs/product/video-and-products.md gives them.
  upgradeRequired: 'Upgrade Required',
  upgradeNote:
    'Video generation is available for Launch, Starter, Growth and Professional plan members.',
  upgradeNow: 'Upgrade Now',
  // Muse's own.
  generateButton: `Generate Video (${formatCount(CREDIT_COSTS.videoGeneration)} credits)`,
  swapButton: `Swap Face (${formatCount(CREDIT_COSTS.videoFaceSwap)} credits)`,
  productButton: `Generate Product Shot (${formatCount(CREDIT_COSTS.productShot)} credits)`,
  previewButtonSuffix: 'Offline preview, free',
  videoEmpty: 'No videos yet',
  swapEmpty: 'No face swaps yet',
  offlineVideoNote:
    'What you get here are free Offline previews: Muse moves the camera through your still (a slow push-in or pan chosen from your words), with the persona on a layer of its own. Videos in which the persona itself moves, breathes and turns are not available yet.',
  offlineSwapNote:
    "What you get here are free Offline previews: Muse places the persona's face onto the face in every frame and blends the colours. Swaps that take on the video's expressions and lighting are not available yet.",
  offlineProductNote:
    'What you get here are free Offline previews: Muse cuts out the persona and the product and places both in a scene drawn from your words. Shots of the persona holding the product are not available yet.',
  stillRequired: 'Choose a still to animate first',
  videoRequired: 'Choose a video first',
  videoTooLarge: 'Videos must be 50 MB or smaller: export a shorter or smaller clip.',
  videoWrongType:
    'Only MP4, MOV or WEBM videos can be used: export the clip in one of these formats.',
  videoUnreadable:
    'This video could not be read: it may be damaged or cut short. Export it again as MP4 and upload it once more.',
  videoNoPicture: 'This file has no video picture in it: choose a clip with a visible face.',
  videoTooBigFrame:
    'Videos up to 1920 pixels on the longer side (1080p) can be used: export a smaller version.',
  noFaceInVideo:
    'No face was found in this video: face swap needs a clip where a face is clearly visible. Choose another clip.',
  personaNotReady: 'This persona has no reference photo yet: upload its photos first.',
  productNotFound: 'Product not found',
  productNoPhoto: 'Add a photo of this product first: the shot is made from it.',
  noFaceToScore: 'No face was found in the sampled frames to score',
  /** Why an offline video preview has no identity score (docs/product/video-and-products.md). */
  previewNotScored:
    'Offline preview moving through the chosen still: a score would only measure that still',
  withheld:
    'This video was withheld by the safety check and is not shown. Nothing is charged for it.',
  productGone: 'The product was deleted before this shot was made. Nothing is charged for it.',
  influencerGone: 'The influencer was deleted before this was made. Nothing is charged for it.',
} as const;

/** 'This clip is 61 seconds long: …' */
export function videoTooLongText(seconds: number): string {
  return `This clip is ${Math.round(seconds)} seconds long: face swap takes clips up to ${VIDEO_UPLOAD.maxSeconds} seconds. Trim it and upload it again.`;
}
