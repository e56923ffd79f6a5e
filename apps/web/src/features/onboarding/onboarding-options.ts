import type {
  TContentType,
  TOnboardingExperience,
  TOnboardingGoal,
  TOnboardingNiche,
  TPlatform,
  TPostingFrequency,
  TVisualStyle,
} from '@muse/shared';
import {
  BriefcaseBusiness,
  Camera,
  CircleDot,
  Clapperboard,
  Compass,
  Dumbbell,
  Film,
  Flame,
  Gamepad2,
  Image,
  MessageCircle,
  Music2,
  Palette,
  Plane,
  Rocket,
  Shapes,
  Shirt,
  Sparkles,
  Sprout,
  TrendingUp,
  TvMinimalPlay,
  Users,
  UtensilsCrossed,
  WandSparkles,
  Brush,
  CalendarDays,
  Clock,
  Hourglass,
  type LucideIcon,
} from 'lucide-react';

/**
 * What each option says and shows. The option values and the shared labels (niches, styles,
 * frequencies, content types) live in @muse/shared; the texts below are Muse's own.
 */
export type TOptionText = { label: string; description?: string; icon: LucideIcon };

export const GOAL_OPTIONS: Record<TOnboardingGoal, TOptionText> = {
  'build-business': {
    label: 'Build a Business',
    description: 'Turn an AI influencer into a source of income',
    icon: TrendingUp,
  },
  'content-creation': {
    label: 'Create Content',
    description: 'Make photos and videos without a camera crew',
    icon: Camera,
  },
  'agency-services': {
    label: 'Agency Services',
    description: 'Run AI influencers for brands and clients',
    icon: Users,
  },
  'explore-technology': {
    label: 'Explore the Technology',
    description: 'See what AI influencers can do',
    icon: Compass,
  },
};

export const EXPERIENCE_OPTIONS: Record<TOnboardingExperience, TOptionText> = {
  new: { label: 'New to this', description: 'First time with AI content', icon: Sprout },
  some: { label: 'Some experience', description: 'I have tried a few AI tools', icon: Flame },
  experienced: {
    label: 'Experienced',
    description: 'I already create with AI',
    icon: Rocket,
  },
};

export const NICHE_ICONS: Record<TOnboardingNiche, LucideIcon> = {
  fashion: Shirt,
  fitness: Dumbbell,
  travel: Plane,
  gaming: Gamepad2,
  food: UtensilsCrossed,
  art: Palette,
  business: BriefcaseBusiness,
  other: Shapes,
};

export const STYLE_ICONS: Record<TVisualStyle, LucideIcon> = {
  realistic: Camera,
  stylized: Brush,
  fantasy: WandSparkles,
  anime: Sparkles,
};

export const PLATFORM_ICONS: Record<TPlatform, LucideIcon> = {
  Instagram: Camera,
  YouTube: TvMinimalPlay,
  Twitter: MessageCircle,
  TikTok: Music2,
};

export const FREQUENCY_ICONS: Record<TPostingFrequency, LucideIcon> = {
  daily: Flame,
  regular: CalendarDays,
  weekly: Clock,
  occasional: Hourglass,
};

export const CONTENT_TYPE_ICONS: Record<TContentType, LucideIcon> = {
  photos: Image,
  reels: Clapperboard,
  stories: CircleDot,
  'long-videos': Film,
};
