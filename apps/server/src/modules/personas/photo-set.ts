/**
 * A persona's set of photos as the checks see it (docs/product/personas.md): read in upload
 * order, and judged as a whole, since every verdict depends on the rest of the set.
 */
import type { TPhotoVerdict } from '@muse/shared';
import { asc, eq } from 'drizzle-orm';
import type { TQueryable } from '../../db/client';
import { personaPhotos } from '../../db/schema';
import { judgeSet, type TPhotoFacts } from './checks';

export type TPhotoRow = typeof personaPhotos.$inferSelect;

export function toFacts(row: TPhotoRow, number: number): TPhotoFacts {
  return {
    id: row.id,
    number,
    faceCount: row.faceCount,
    faceHeight: row.faceBox?.height ?? null,
    faceCutOff: row.faceCutOff,
    sharpness: row.sharpness,
    embedding: row.embedding,
    dhash: row.dhash,
    sha256: row.sha256,
  };
}

/** A claimed model's portraits belong to its persona by licence; they are not judged. */
export const LICENSED: TPhotoVerdict = { ok: true, problems: [] };

/** The verdict of every photo of a set (rows in upload order). */
export function judge(rows: TPhotoRow[]): Map<string, TPhotoVerdict> {
  const uploads = rows
    .map((row, index) => ({ row, number: index + 1 }))
    .filter(({ row }) => row.source === 'upload');
  const verdicts = judgeSet(uploads.map(({ row, number }) => toFacts(row, number)));
  for (const row of rows) if (row.source === 'marketplace') verdicts.set(row.id, LICENSED);
  return verdicts;
}

export function listPhotos(db: TQueryable, influencerId: string): Promise<TPhotoRow[]> {
  return db
    .select()
    .from(personaPhotos)
    .where(eq(personaPhotos.influencerId, influencerId))
    .orderBy(asc(personaPhotos.createdAt), asc(personaPhotos.id));
}
