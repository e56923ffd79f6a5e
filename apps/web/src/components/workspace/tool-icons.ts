import type { TToolIcon } from '@muse/shared';
import {
  Clapperboard,
  ImageUpscale,
  MessageSquareText,
  Mic,
  Package,
  Sparkles,
  SquarePen,
  VenetianMask,
  type LucideIcon,
} from 'lucide-react';

/** The picture of each icon a tool's descriptor names (packages/shared/src/tools/define.ts). */
export const TOOL_ICONS: Record<TToolIcon, LucideIcon> = {
  sparkles: Sparkles,
  clapperboard: Clapperboard,
  mask: VenetianMask,
  upscale: ImageUpscale,
  pen: SquarePen,
  package: Package,
  message: MessageSquareText,
  microphone: Mic,
};
