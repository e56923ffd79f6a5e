import type { TInfluencerNiche, TVisualStyle, TVoiceProfile } from '@muse/shared';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { marketplaceModels } from './marketplace';
import { workspaces } from './teams';
import { users } from './users';

/** A creator's AI influencer. Each one holds one influencer slot (docs/product/workspace.md). */
export const influencers = pgTable(
  'influencers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    niche: text('niche').$type<TInfluencerNiche>().notNull(),
    personality: text('personality').notNull().default(''),
    targetAudience: text('target_audience').notNull().default(''),
    description: text('description').notNull(),
    /** Storage keys of the re-encoded picture and its thumbnail. */
    imageKey: text('image_key'),
    thumbnailKey: text('thumbnail_key'),
    /** The marketplace model it was made from (onboarding), if any. */
    modelId: integer('model_id').references(() => marketplaceModels.id, { onDelete: 'set null' }),
    visualStyle: text('visual_style').$type<TVisualStyle>(),
    /** How it writes (docs/product/drafts.md): every draft in its name follows it; null: none yet. */
    voiceProfile: jsonb('voice_profile').$type<TVoiceProfile>(),
    /**
     * When the persona was made from the creator's photos (a training that succeeded); null
     * for a claimed model and for a persona not trained yet (docs/product/personas.md).
     */
    trainedAt: timestamp('trained_at', { withTimezone: true }),
    /** The job that trains (or trained) the persona; its model token is refunded on delete. */
    trainingJobId: uuid('training_job_id'),
    /** The word prompts use to call up the persona's LoRA. */
    triggerWord: text('trigger_word'),
    /**
     * Its photos that pass every check (a claimed model's portraits count): kept with each change
     * of the set, under the influencer's row lock, so lists need not judge every set.
     */
    passingPhotos: integer('passing_photos').notNull().default(0),
    /** Storage key of the trained LoRA weights (hosted engine), if any. */
    loraKey: text('lora_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The list's order, newest first (docs/decisions/0032-keyset-pagination.md).
  (table) => [
    index('influencers_user_created_id_idx').on(table.workspaceId, table.createdAt, table.id),
  ],
);

/** Products a creator wants their influencers to promote. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    link: text('link').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('products_user_created_idx').on(table.workspaceId, table.createdAt)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    imageKey: text('image_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('product_images_product_idx').on(table.productId, table.position)],
);

/** Where a creator is in the 7-step onboarding, and the answers (docs/product/onboarding.md). */
export const onboardingStates = pgTable(
  'onboarding_states',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: integer('step').notNull().default(1),
    /** The answers (goal, experience, method, model, name, niche, style, strategy, plan). */
    answers: jsonb('answers').notNull(),
    offerEndsAt: timestamp('offer_ends_at', { withTimezone: true }),
    /** When a paid checkout used the first-month offer (once per account), and which checkout. */
    offerRedeemedAt: timestamp('offer_redeemed_at', { withTimezone: true }),
    offerCheckoutId: text('offer_checkout_id'),
    /** When the answers first carried the current licence terms' version (a marketplace pick). */
    licenceTermsAcceptedAt: timestamp('licence_terms_accepted_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The influencer the onboarding created; null while the persona waits for a slot. */
    influencerId: uuid('influencer_id').references(() => influencers.id, {
      onDelete: 'set null',
    }),
    /** When the persona became an influencer; a later delete of it does not bring the draft back. */
    influencerCreatedAt: timestamp('influencer_created_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('onboarding_states_influencer_key').on(table.influencerId)],
);
