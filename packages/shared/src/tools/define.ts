/**
 * What a tool's descriptor says (docs/decisions/0014-tool-recipe.md): everything Muse knows of
 * an AI tool outside its server folder and its page. The registry (`../tool-list.ts`) lists them;
 * the job request schema, the engine variables, the credit history's names, the sidebar, the
 * tool cards, the support page's costs and the gallery viewer's actions are read from it. A
 * descriptor imports no zod (its request is a function of the field kit), so public pages may
 * read the registry without loading a schema.
 */
import type { z } from 'zod';
import {
  ACTION_ENTITLEMENTS,
  CREDIT_COSTS,
  type TCreditAction,
  type TEntitlements,
} from '../plans';
import type { TFieldKit } from './fields';

/** The sidebar's and tool cards' icons; the web draws each name with its own picture. */
export const TOOL_ICONS = [
  'sparkles',
  'clapperboard',
  'mask',
  'upscale',
  'pen',
  'package',
  'message',
  'microphone',
] as const;
export type TToolIcon = (typeof TOOL_ICONS)[number];

/** Where an engine runs: on Muse's own machine, or on fal.ai. */
export type TEngineKind = 'local' | 'fal';

/** What a job of the tool starts from. */
export type TToolInput =
  /** An uploaded image, or a gallery image used as stored (`galleryId`). */
  | 'image'
  /** An uploaded clip (face swap). */
  | 'video'
  /** The persona's best reference photo, found by Muse. */
  | 'persona-photo'
  /** The product's own photo, found by Muse. */
  | 'product-photo';

export type TToolDescriptorInput<K extends string, S extends z.ZodObject> = {
  key: K;
  /**
   * The job request (multipart fields or a stored job's options): an entry of `ZJobRequest`,
   * made from the field kit (`fields.ts`) that `../tools.ts` passes in.
   */
  request: (kit: TFieldKit) => S;
  /** The credit action it spends: its cost and the plan entitlement follow from the plans. */
  action: TCreditAction;
  /**
   * The engines `ENGINE_<KEY>` may choose: `local` runs on Muse's own machine, `fal` on fal.ai
   * (needs FAL_KEY). The first is the default.
   */
  engines: readonly ['local', ...TEngineKind[]];
  /** Whether the offline engine makes free 'Offline preview's rather than the tool's own result. */
  preview: boolean;
  /** The page the tool is used on: one of `PROTECTED_ROUTES`, which lists every tool's. */
  path: `/${string}`;
  /** The tool's name in the credit history and the gallery ('Edit Image'). */
  name: string;
  accepts: readonly TToolInput[];
  /** What a job gives back: a file in the gallery, or a text. */
  returns: 'image' | 'video' | 'prompt';
  /** Its link in the sidebar's Tools section, at `position` among the section's links. */
  sidebar?: { label: string; icon: TToolIcon; position: number };
  /** Its card on /tools and /view-all, at `position`; `per` names one use ('per edit'). */
  card?: {
    title: string;
    description: string;
    per: string;
    icon: TToolIcon;
    tone: string;
    position: number;
  };
  /** Its line in the support page's table of costs, at `position`. */
  faq: { label: string; position: number };
  /** Offered in the gallery viewer for an image (`?from=<id>`), at `position`. */
  continueFromGallery?: { position: number };
};

export type TToolDescriptor<I extends TToolDescriptorInput<string, z.ZodObject>> = I & {
  /** Credits one job costs (CREDIT_COSTS). */
  cost: number;
  /** The entitlement a plan needs for it (ACTION_ENTITLEMENTS). */
  entitlement: keyof TEntitlements;
};

/** A tool's descriptor, its literal values kept (the key, whether it makes previews). */
export function defineTool<const I extends TToolDescriptorInput<string, z.ZodObject>>(
  input: I,
): TToolDescriptor<I> {
  return {
    ...input,
    cost: CREDIT_COSTS[input.action],
    entitlement: ACTION_ENTITLEMENTS[input.action],
  };
}
