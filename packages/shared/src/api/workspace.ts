import { z } from 'zod';
import { PLAN_KEYS } from '../plans';
import { ZInfluencer } from './influencers';

/** The upgrade modal's types and their titles (docs/product/workspace.md). */
export const UPGRADE_MODAL_TYPES = [
  'product',
  'upscale',
  'edit-image',
  'generate-prompt',
  'image',
  'influencer',
  'scheduled-post',
] as const;
export type TUpgradeModalType = (typeof UPGRADE_MODAL_TYPES)[number];

export const UPGRADE_MODAL_TITLES: Record<TUpgradeModalType, string> = {
  product: 'Product Limit Reached',
  upscale: 'Upscale Limit Reached',
  'edit-image': 'Edit Image Limit Reached',
  'generate-prompt': 'Generate Prompt Limit Reached',
  image: 'Image Limit Reached',
  influencer: 'Influencer Limit Reached',
  'scheduled-post': 'Scheduled Post Limit Reached',
};

/** What each modal says was reached (the maximum was reached, upgrade). */
export const UPGRADE_MODAL_SUBJECTS: Record<TUpgradeModalType, string> = {
  product: 'products',
  upscale: 'upscales',
  'edit-image': 'image edits',
  'generate-prompt': 'generated prompts',
  image: 'image analyses',
  influencer: 'influencers',
  'scheduled-post': 'scheduled posts',
};

export const UPGRADE_MODAL_BUTTON = 'View Upgrade Plans';

export function upgradeModalMessage(type: TUpgradeModalType): string {
  return `You have reached the maximum number of ${UPGRADE_MODAL_SUBJECTS[type]} on your current plan. Upgrade to keep creating.`;
}

export const DASHBOARD_TEXTS = {
  loading: 'Loading dashboard...',
  noInfluencers: 'No Influencers Yet',
  createInfluencer: 'Create New Influencer',
} as const;

export const ZUsage = z.object({ used: z.number(), limit: z.number() });
export type TUsage = z.infer<typeof ZUsage>;

export const ZDashboard = z.object({
  plan: z.enum(PLAN_KEYS).nullable(),
  /** 'FREE' or the plan's name. */
  planLabel: z.string(),
  credits: z.number(),
  modelTokens: z.number(),
  influencers: ZUsage,
  products: ZUsage,
  recentInfluencers: z.array(ZInfluencer),
});
export type TDashboard = z.infer<typeof ZDashboard>;

export const ZDashboardResponse = z.object({ success: z.literal(true), dashboard: ZDashboard });
export type TDashboardResponse = z.infer<typeof ZDashboardResponse>;

export function formatUsage(usage: TUsage, noun: 'Influencers' | 'Products'): string {
  return `${usage.used}/${usage.limit} ${noun}`;
}
