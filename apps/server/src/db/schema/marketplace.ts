import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from './teams';

/** The marketplace's persona models, ids 1–18 seeded (docs/product/marketplace.md). */
export const marketplaceModels = pgTable('marketplace_models', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  /** 0 for placeholder models. */
  age: integer('age').notNull(),
  hair: text('hair').notNull(),
  body: text('body').notNull(),
  ethnicity: text('ethnicity').notNull(),
  tier: text('tier').notNull().default('Classic'),
  about: text('about'),
  isLive: boolean('is_live').notNull().default(false),
  /** A placeholder slot shown dimmed and not clickable. */
  isBlackedOut: boolean('is_blacked_out').notNull().default(false),
  /** How many portrait images the model has (positions 0…n-1 in storage). */
  imageCount: integer('image_count').notNull().default(0),
  /** Bumped when the images are replaced, so browsers fetch the new ones. */
  imageVersion: integer('image_version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One of a model's 5 licences. `userId` is the creator who claimed it; null marks a licence
 * held outside this installation (the seeded marketplace's existing demand).
 */
export const modelLicences = pgTable(
  'model_licences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    modelId: integer('model_id')
      .notNull()
      .references(() => marketplaceModels.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The licence terms the creator accepted when claiming, and their version. */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    termsVersion: text('terms_version'),
  },
  (table) => [
    index('model_licences_model_id_idx').on(table.modelId),
    uniqueIndex('model_licences_model_user_key').on(table.modelId, table.workspaceId),
  ],
);
