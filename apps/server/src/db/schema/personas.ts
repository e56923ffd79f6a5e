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
  check,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { influencers } from './workspace';
import { likenessStatements } from './safety';
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

/**
 * A persona's voice (docs/product/talking-video.md): a stock voice, or one cloned from a
 * recording whose statement (whose voice it is) is a row of `likeness_statements` with the
 * subject 'voice'. The recording and the sample 'Hear <name>' plays are in storage; a hosted
 * engine's voice made from the recording is kept per engine, so it is made once and reused.
 */
export const personaVoices = pgTable(
  'persona_voices',
  {
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'stock' | 'cloned'>().notNull(),
    /** The stock voice; for a cloned voice, the one an engine that cannot clone speaks in. */
    stockVoice: text('stock_voice').notNull(),
    /** A cloned voice's recording (WAV, 16-bit mono), its name and length. */
    recordingKey: text('recording_key'),
    recordingName: text('recording_name'),
    recordingSeconds: real('recording_seconds'),
    /** The statement of whose voice the recording is. */
    statementId: uuid('statement_id').references(() => likenessStatements.id),
    /** What 'Hear <name>' plays, and whether the offline synthesizer spoke it. */
    sampleKey: text('sample_key'),
    sampleIsPreview: boolean('sample_is_preview').notNull().default(true),
    /** The voice each hosted engine made from the recording: `{ fal: 'voice-…' }`. */
    providerVoices: jsonb('provider_voices').$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.influencerId] }),
    index('persona_voices_workspace_idx').on(table.workspaceId),
    check('persona_voices_kind_known', sql`${table.kind} in ('stock', 'cloned')`),
    check(
      'persona_voices_cloned_has_recording',
      sql`${table.kind} <> 'cloned' or (${table.recordingKey} is not null and ${table.statementId} is not null)`,
    ),
  ],
);
