import {
  boolean,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  uuid,
  jsonb,
} from 'drizzle-orm/pg-core';
import { influencers } from './workspace';
import { workspaces } from './teams';

/** A box in a photo's pixels. */
export type TPhotoBox = { x: number; y: number; width: number; height: number };

/**
 * A photo of a persona with what the offline face analysis found in it
 * (docs/product/personas.md). The verdicts are not stored: they follow from these facts and the
 * rest of the set, so they are judged again whenever the set changes.
 */
export const personaPhotos = pgTable(
  'persona_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** 'upload' (the creator's own) or 'marketplace' (a claimed model's portrait). */
    source: text('source').$type<'upload' | 'marketplace'>().notNull(),
    /** Upright JPEG, 2048 px at most on its longer side, no metadata; and a 384 px WebP. */
    imageKey: text('image_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** SHA-256 of the bytes as uploaded, to spot the very same file. */
    sha256: text('sha256').notNull(),
    /** 64-bit difference hash of the upright picture, hex: near-duplicates differ in few bits. */
    dhash: text('dhash').notNull(),
    /** Faces the detector found (score 0.5 or more). */
    faceCount: integer('face_count').notNull(),
    /** The largest face: its detector box and whether its landmarks touch the photo's edge. */
    faceBox: jsonb('face_box').$type<TPhotoBox>(),
    faceCutOff: boolean('face_cut_off').notNull().default(false),
    /** Variance of the Laplacian over the face at a fixed scale (higher is sharper). */
    sharpness: real('sharpness'),
    /** The largest face's description vector (1024 numbers), for likeness. */
    embedding: real('embedding').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('persona_photos_influencer_idx').on(table.influencerId, table.createdAt)],
);
