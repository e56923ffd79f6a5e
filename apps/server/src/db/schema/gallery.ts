import type { TContentCredentialsSummary, TGalleryItem, TJobTool } from '@muse/shared';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { jobs } from './jobs';
import { workspaces } from './teams';
import { influencers, products } from './workspace';

/**
 * What the generators made, kept in the account's gallery (docs/product/generate.md): one row
 * per image or video (Generate, Generate Video, face swap, product shots), written in the
 * transaction that marks its job succeeded, with its likeness to the persona measured once. The
 * other tools continue from an image without a new upload. Deleting a row deletes its files;
 * deleting an influencer or a product keeps its pictures (without the link).
 */
export const galleryItems = pgTable(
  'gallery_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    influencerId: uuid('influencer_id').references(() => influencers.id, {
      onDelete: 'set null',
    }),
    /** The influencer's name when the image was made. */
    influencerName: text('influencer_name'),
    kind: text('kind').$type<TGalleryItem['kind']>().notNull(),
    /** The tool that made it (a tool's key). */
    tool: text('tool').$type<TJobTool>().notNull().default('generate-image'),
    /** A product shot's product. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** A video's length, in milliseconds; null for an image. */
    durationMs: integer('duration_ms'),
    /** The file and a 384 px WebP preview of it (a video's poster frame), in storage. */
    key: text('key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    contentType: text('content_type').notNull(),
    fileName: text('file_name').notNull(),
    prompt: text('prompt').notNull(),
    /** 0–100 against the persona's reference faces; null with the reason in `scoreNote`. */
    identityScore: integer('identity_score'),
    scoreNote: text('score_note'),
    engine: text('engine').notNull(),
    /** Made by the offline engine's classic image processing ('Offline preview', free). */
    preview: boolean('preview').notNull(),
    /**
     * What the file's Content Credentials say, read back when it was signed; null for items made
     * before Muse signed its outputs (docs/decisions/0052-content-credentials.md).
     */
    credentials: jsonb('credentials').$type<TContentCredentialsSummary>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The gallery's order, newest first, of all and of one influencer or product; a btree read
    // backwards serves created_at desc, id desc (docs/decisions/0032-keyset-pagination.md).
    index('gallery_items_user_created_idx').on(table.workspaceId, table.createdAt, table.id),
    index('gallery_items_user_influencer_id_idx').on(
      table.workspaceId,
      table.influencerId,
      table.createdAt,
      table.id,
    ),
    index('gallery_items_user_product_id_idx').on(
      table.workspaceId,
      table.productId,
      table.createdAt,
      table.id,
    ),
  ],
);
