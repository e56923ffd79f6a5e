/**
 * A persona's likeness statement as influencers and personas are read with it
 * (docs/product/personas.md, 'Whose likeness'): the latest statement of the influencer is its
 * own; earlier ones stay as its history. What makes and verifies statements is
 * `modules/personas/likeness.ts`.
 */
import { LIKENESS_TEXTS, type TLikeness, type TLikenessStatementKind } from '@muse/shared';
import { getTableName, sql } from 'drizzle-orm';
import { influencers, likenessStatements } from '../../db/schema';

/** The latest statement, as the subquery below reads it (timestamps as PostgreSQL writes them). */
export type TLikenessRead = {
  statement: TLikenessStatementKind;
  statedAt: string;
  verifiedAt: string | null;
  matchScore: number | null;
  documentName: string | null;
  documentType: string | null;
  hasDocument: boolean;
};

/** The likeness subject of photos (voices have a subject of their own). */
export const LIKENESS_SUBJECT = 'likeness';

/**
 * The influencer's latest statement as one JSON value, or null: a scalar subquery beside the
 * influencer's columns (read by likeness_statements_influencer_idx), so lists need no second
 * query.
 */
export function latestLikeness() {
  const s = likenessStatements;
  // Named with its table: Drizzle leaves a lone table's columns unqualified, and a bare "id"
  // inside the subquery would be the statement's own.
  const influencerId = sql`${sql.identifier(getTableName(influencers))}.${sql.identifier(influencers.id.name)}`;
  return sql<TLikenessRead | null>`(
    select json_build_object(
      'statement', ${s.statement},
      'statedAt', ${s.statedAt},
      'verifiedAt', ${s.verifiedAt},
      'matchScore', ${s.matchScore},
      'documentName', ${s.consentDocumentName},
      'documentType', ${s.consentDocumentType},
      'hasDocument', ${s.consentDocumentKey} is not null
    )
    from ${s}
    where ${s.influencerId} = ${influencerId} and ${s.subject} = ${LIKENESS_SUBJECT}
    order by ${s.statedAt} desc
    limit 1
  )`;
}

/** A statement verifies the persona's likeness when it is 'self' and a selfie matched it. */
export function isVerified(read: Pick<TLikenessRead, 'statement' | 'verifiedAt'>): boolean {
  return read.statement === 'self' && read.verifiedAt !== null;
}

export function toPublicLikeness(read: TLikenessRead | null | undefined): TLikeness | null {
  if (!read) return null;
  return {
    statement: read.statement,
    statedAt: new Date(read.statedAt).toISOString(),
    verified: isVerified(read),
    verifiedAt: read.verifiedAt ? new Date(read.verifiedAt).toISOString() : null,
    matchScore: read.matchScore,
    document:
      read.hasDocument && read.documentName && read.documentType
        ? { name: read.documentName, type: read.documentType }
        : null,
  };
}

/**
 * Why a persona may not train yet for want of a statement: none made, or 'consent' without its
 * document. Null when the statement lets it train.
 */
export function likenessRefusal(
  read: TLikenessRead | null | undefined,
): { text: string; code: 'LIKENESS_STATEMENT_NEEDED' | 'CONSENT_DOCUMENT_NEEDED' } | null {
  if (!read) return { text: LIKENESS_TEXTS.statementNeeded, code: 'LIKENESS_STATEMENT_NEEDED' };
  if (read.statement === 'consent' && !read.hasDocument)
    return { text: LIKENESS_TEXTS.documentNeeded, code: 'CONSENT_DOCUMENT_NEEDED' };
  return null;
}
