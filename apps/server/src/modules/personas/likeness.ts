/**
 * Whose likeness a persona's photos show (docs/product/personas.md, 'Whose likeness';
 * docs/decisions/0053-likeness-statements.md): the creator's statement, kept as a new row each
 * time (the latest is the persona's, earlier ones are its history); the consent document behind
 * 'consent', kept in private storage and given back to its owner alone; and the selfie that
 * verifies 'self', matched against the photos and never kept.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { CONSENT_DOCUMENT } from '@muse/shared';
import { LIKENESS_TEXTS, type TLikenessStatementKind } from '@muse/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { TDatabase, TQueryable } from '../../db/client';
import { likenessStatements } from '../../db/schema';
import { workspaceOwner } from '../../db/workspace-owner';
import type { TFaceAnalyser } from '../../engines/faces';
import { UnreadablePhotoError } from '../../engines/local/face-check';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { TUploadedFile } from '../../lib/multipart';
import type { TStorage } from '../../lib/storage';
import { LIKENESS_SUBJECT } from '../influencers/likeness';
import { findInfluencer } from '../influencers/service';
import { selfieMatch } from './checks';
import { judge, listPhotos } from './photo-set';
import { lockInfluencer, notAPhoto, readablePhoto } from './service';

type TDocumentType = (typeof CONSENT_DOCUMENT.types)[number];

export const DOCUMENT_EXTENSIONS: Record<TDocumentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

const notADocument = () =>
  badRequest(LIKENESS_TEXTS.notADocument, 'INVALID_REQUEST', { field: 'document' });

/**
 * What a consent document is, by its bytes, never its name: a PDF (its header, and the end
 * marker a complete file has) or a JPEG or PNG that decodes. Anything else is refused.
 */
export async function documentType(data: Buffer): Promise<TDocumentType | null> {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') {
    const tail = data.subarray(Math.max(0, data.length - 1024)).toString('latin1');
    return tail.includes('%%EOF') ? 'application/pdf' : null;
  }
  const metadata = await sharp(data, { failOn: 'error' })
    .metadata()
    .catch(() => null);
  if (!metadata?.width) return null;
  if (metadata.format === 'jpeg') return 'image/jpeg';
  if (metadata.format === 'png') return 'image/png';
  return null;
}

/**
 * The name a file was uploaded with, kept to show and to download it by, or `fallback`.
 * Control characters and quotes would break a download's header; the rest is the creator's.
 */
export function uploadedName(fileName: string, fallback: string): string {
  const cleaned = fileName
    .replace(/[\p{Cc}"\\]/gu, '')
    .trim()
    .slice(0, 200);
  return cleaned || fallback;
}

/**
 * Records what the creator states about the persona's photos, as a new statement that replaces
 * the current one. 'consent' takes the document now or keeps the current consent statement's;
 * without either it is recorded, and training waits for the document. A document with any other
 * statement is refused. Changing the statement never changes whether the persona is trained.
 */
export async function stateLikeness(
  db: TDatabase,
  deps: { storage: TStorage },
  userId: string,
  influencerId: string,
  statement: TLikenessStatementKind,
  document: TUploadedFile | null,
  /** Who states it: the signed-in person; null for an API key, whose workspace's owner answers. */
  actorId: string | null,
): Promise<void> {
  await findInfluencer(db, userId, influencerId);
  const statedBy = actorId ?? (await workspaceOwner(db, userId));
  // A workspace always keeps an owner: the last one cannot leave.
  if (!statedBy) throw new Error('The workspace has no owner');
  if (document && statement !== 'consent') throw notADocument();
  let stored: { key: string; name: string; type: TDocumentType } | null = null;
  if (document) {
    const type = await documentType(document.data);
    if (!type) throw notADocument();
    stored = {
      key: `private/users/${userId}/influencers/${influencerId}/consent/${randomUUID()}.${DOCUMENT_EXTENSIONS[type]}`,
      name: uploadedName(document.fileName, `consent.${DOCUMENT_EXTENSIONS[type]}`),
      type,
    };
    await deps.storage.put(stored.key, document.data);
  }
  try {
    await db.transaction(async (tx) => {
      // Under the influencer's lock, statements follow one another in the order they were made.
      await lockInfluencer(tx, userId, influencerId);
      let kept = stored;
      if (statement === 'consent' && !kept) {
        const current = await currentStatement(tx, influencerId);
        if (current?.statement === 'consent' && current.consentDocumentKey)
          kept = {
            key: current.consentDocumentKey,
            name: current.consentDocumentName ?? 'consent',
            type: (current.consentDocumentType ?? 'application/pdf') as TDocumentType,
          };
      }
      await tx.insert(likenessStatements).values({
        influencerId,
        userId: statedBy,
        subject: LIKENESS_SUBJECT,
        statement,
        consentDocumentKey: kept?.key ?? null,
        consentDocumentName: kept?.name ?? null,
        consentDocumentType: kept?.type ?? null,
        // The clock, not the transaction's start: two statements in a row never share a time.
        statedAt: sql`clock_timestamp()`,
      });
    });
  } catch (error) {
    if (stored) await deps.storage.delete(stored.key);
    throw error;
  }
}

/** The influencer's latest statement row (the persona's own), or null. */
async function currentStatement(db: TQueryable, influencerId: string) {
  const [row] = await db
    .select()
    .from(likenessStatements)
    .where(
      and(
        eq(likenessStatements.influencerId, influencerId),
        eq(likenessStatements.subject, LIKENESS_SUBJECT),
      ),
    )
    .orderBy(desc(likenessStatements.statedAt))
    .limit(1);
  return row ?? null;
}

/**
 * Matches a selfie against the persona's photos to verify 'These photos are of me'
 * (docs/decisions/0053-likeness-statements.md). The selfie passes the photos' upload checks and
 * must show exactly one face; it is compared with the photos that pass the checks, as one more
 * photo of the set would be. The match score is kept on the statement, and `verified_at` when it
 * matches; a selfie that does not match never undoes an earlier verification. The selfie itself
 * is only read, never stored.
 */
export async function verifySelfie(
  db: TDatabase,
  deps: { faces: TFaceAnalyser },
  userId: string,
  influencerId: string,
  selfie: Buffer,
): Promise<{ verified: boolean; matchScore: number }> {
  const influencer = await findInfluencer(db, userId, influencerId);
  const current = await currentStatement(db, influencer.id);
  if (current?.statement !== 'self')
    throw conflict(LIKENESS_TEXTS.selfieNotSelf, 'LIKENESS_NOT_SELF');
  const rows = await listPhotos(db, influencer.id);
  const verdicts = judge(rows);
  const set = rows.flatMap((row) =>
    row.source === 'upload' && verdicts.get(row.id)?.ok && row.embedding?.length
      ? [row.embedding]
      : [],
  );
  if (!set.length) throw badRequest(LIKENESS_TEXTS.noPhotosToMatch, 'NO_PHOTOS_TO_MATCH');

  const readable = await readablePhoto(selfie);
  const faces = await deps.faces.faceEmbeddings(readable).catch((error: unknown) => {
    if (error instanceof UnreadablePhotoError) throw notAPhoto();
    throw error;
  });
  if (faces.length !== 1)
    throw badRequest(
      faces.length ? LIKENESS_TEXTS.selfieSeveralFaces(faces.length) : LIKENESS_TEXTS.selfieNoFace,
      'SELFIE_NOT_ONE_FACE',
    );
  const match = selfieMatch(faces[0]!, set);

  // The statement is the persona's own (found through the workspace's influencer above).
  const statement = eq(likenessStatements.id, current.id);
  if (match.matches)
    await db
      .update(likenessStatements)
      .set({ matchScore: match.score, verifiedAt: new Date() })
      .where(statement);
  else
    await db
      .update(likenessStatements)
      .set({ matchScore: match.score })
      .where(and(statement, isNull(likenessStatements.verifiedAt)));
  return { verified: match.matches, matchScore: match.score };
}

/** The current statement's consent document, for its owner alone (anyone else: 404). */
export async function consentDocument(
  db: TDatabase,
  deps: { storage: TStorage },
  userId: string,
  influencerId: string,
): Promise<{ stream: Readable; size: number; name: string; type: string }> {
  const influencer = await findInfluencer(db, userId, influencerId);
  const current = await currentStatement(db, influencer.id);
  const missing = () => notFound(LIKENESS_TEXTS.documentNotFound, 'CONSENT_DOCUMENT_NOT_FOUND');
  if (current?.statement !== 'consent' || !current.consentDocumentKey) throw missing();
  const file = await deps.storage.get(current.consentDocumentKey);
  if (!file) throw missing();
  return {
    stream: file.stream,
    size: file.size,
    name: current.consentDocumentName ?? 'consent',
    type: current.consentDocumentType ?? 'application/octet-stream',
  };
}
