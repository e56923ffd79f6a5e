/**
 * Whose likeness a persona's photos show (docs/product/personas.md, 'Whose likeness';
 * docs/decisions/0053-likeness-statements.md): the creator's statement, the consent document
 * that backs 'consent', and the selfie match that verifies 'self'.
 */
import { z } from 'zod';

export const LIKENESS_STATEMENTS = ['self', 'consent', 'synthetic'] as const;
export type TLikenessStatementKind = (typeof LIKENESS_STATEMENTS)[number];

/** The three choices, word for word, in the order the persona page offers them. */
export const LIKENESS_LABELS: Record<TLikenessStatementKind, string> = {
  self: 'These photos are of me',
  consent: 'I have the written consent of the person shown',
  synthetic: 'These photos are of a synthetic person',
};

/** A consent document: a PDF, JPEG or PNG of at most 10 MB, judged by its content. */
export const CONSENT_DOCUMENT = {
  maxBytes: 10 * 1024 * 1024,
  types: ['application/pdf', 'image/jpeg', 'image/png'],
  hint: 'PDF, JPEG or PNG, up to 10 MB',
} as const;

export const LIKENESS_TEXTS = {
  heading: 'Whose likeness',
  intro: 'Before training, say who the people in these photos are.',
  save: 'Save statement',
  verifyWithSelfie: 'Verify with a selfie',
  takeSelfie: 'Take selfie',
  uploadSelfie: 'Upload a selfie',
  verified: 'Verified likeness',
  uploadDocument: 'Upload the consent document',
  chooseStatement: 'Choose what these photos are',
  statementNeeded: 'Say whose likeness these photos show before training',
  documentNeeded: 'Upload the written consent of the person shown before training',
  notADocument: 'The consent document must be a PDF, JPEG or PNG file',
  documentTooLarge: 'The consent document must be 10 MB or smaller',
  documentNotFound: 'This persona has no consent document',
  selfieNoMatch:
    'The selfie does not match the photos. Try again with your face clear and well lit.',
  selfieNoFace: 'No face found in the selfie: take it facing the camera, in good light',
  selfieSeveralFaces: (count: number) =>
    `${count} faces found in the selfie: take it with only your face in the picture`,
  selfieNotSelf:
    'Only the statement ‘These photos are of me’ is verified with a selfie: choose it first',
  noPhotosToMatch: 'Add photos that pass the checks before verifying with a selfie',
  noCamera: 'No camera is available here: upload a selfie instead.',
} as const;

/** The persona's current statement, as the workspace shows it; null before one is made. */
export const ZLikeness = z.object({
  statement: z.enum(LIKENESS_STATEMENTS),
  /** When it was stated: a UTC timestamp as `Date.toISOString()` writes it. */
  statedAt: z.string(),
  /** 'self' only: a selfie matched the persona's photos ('Verified likeness'). */
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  /** 'self' only: the last selfie's match, 0–100 on the identity score's scale; null before one. */
  matchScore: z.number().nullable(),
  /** 'consent' only: the document kept with it (private: downloaded by its owner alone). */
  document: z.object({ name: z.string(), type: z.string() }).nullable(),
});
export type TLikeness = z.infer<typeof ZLikeness>;

/** The statement's form (multipart): `statement`, and for 'consent' the file `document`. */
export const ZLikenessStatementFields = z.object({
  statement: z.enum(LIKENESS_STATEMENTS, { error: LIKENESS_TEXTS.chooseStatement }),
});
export type TLikenessStatementFields = z.infer<typeof ZLikenessStatementFields>;
