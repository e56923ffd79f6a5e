/**
 * A persona's voice (docs/product/talking-video.md): a stock voice, or one cloned from a
 * recording of 30 seconds to 3 minutes. Whose voice a recording is, is stated as a persona's
 * likeness is (a row of `likeness_statements` with the subject 'voice', 'consent' backed by a
 * private document); no speaker-similarity model runs here, so 'self' is kept as stated. The
 * sample 'Hear <name>' plays is made when the voice is saved: a stock voice's by the offline
 * synthesizer (an 'Offline preview' of it), a cloned voice's from the start of its recording.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DEFAULT_STOCK_VOICE,
  LIKENESS_TEXTS,
  VOICE_RECORDING,
  VOICE_TEXTS,
  type TPersonaVoice,
  type TStockVoiceKey,
  type TVoiceStatementKind,
} from '@muse/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { TDatabase, TQueryable } from '../../db/client';
import { likenessStatements, personaVoices } from '../../db/schema';
import { workspaceOwner } from '../../db/workspace-owner';
import { synthesizeSpeech } from '../../engines/local/speech/flite';
import type { TTalkingVoice } from '../../engines/types';
import { badRequest, notFound } from '../../lib/errors';
import type { TUploadedFile } from '../../lib/multipart';
import type { TStorage } from '../../lib/storage';
import { findInfluencer } from '../influencers/service';
import { keepAudio, wavStart } from '../media/audio-upload';
import { DOCUMENT_EXTENSIONS, documentType, uploadedName } from './likeness';
import { readStored } from './reference';
import { lockInfluencer } from './service';

/** The subject of a voice's statements in `likeness_statements`. */
export const VOICE_SUBJECT = 'voice';
/** How much of a recording 'Hear <name>' plays. */
const SAMPLE_SECONDS = 12;

type TVoiceRow = typeof personaVoices.$inferSelect;
type TVoiceDeps = { storage: TStorage };

async function voiceRow(db: TQueryable, influencerId: string): Promise<TVoiceRow | null> {
  const [row] = await db
    .select()
    .from(personaVoices)
    .where(eq(personaVoices.influencerId, influencerId));
  return row ?? null;
}

/** The persona's voice as its page shows it: the default stock voice before one is chosen. */
export async function getVoice(
  db: TDatabase,
  workspaceId: string,
  influencerId: string,
): Promise<TPersonaVoice> {
  const influencer = await findInfluencer(db, workspaceId, influencerId);
  const [row] = await db
    .select({
      voice: personaVoices,
      statement: likenessStatements.statement,
      statedAt: likenessStatements.statedAt,
      document: likenessStatements.consentDocumentKey,
    })
    .from(personaVoices)
    .leftJoin(likenessStatements, eq(likenessStatements.id, personaVoices.statementId))
    .where(eq(personaVoices.influencerId, influencer.id));
  if (!row)
    return {
      kind: 'stock',
      stockVoice: DEFAULT_STOCK_VOICE,
      recording: null,
      // Spoken when asked for (voiceSample): nothing is stored before a voice is chosen.
      hasSample: true,
      sampleIsPreview: true,
      updatedAt: new Date(0).toISOString(),
    };
  const { voice } = row;
  return {
    kind: voice.kind,
    stockVoice: voice.stockVoice as TStockVoiceKey,
    recording:
      voice.kind === 'cloned' && row.statement && row.statedAt
        ? {
            seconds: voice.recordingSeconds ?? 0,
            name: voice.recordingName ?? 'recording.wav',
            statement: row.statement as TVoiceStatementKind,
            check: row.document ? 'document' : 'stated',
            statedAt: row.statedAt.toISOString(),
          }
        : null,
    hasSample: voice.sampleKey !== null,
    sampleIsPreview: voice.sampleIsPreview,
    updatedAt: voice.updatedAt.toISOString(),
  };
}

/** The keys of files a replaced voice leaves behind, removed once the new one is kept. */
function filesOf(row: TVoiceRow | null): string[] {
  return row ? [row.sampleKey, row.recordingKey].filter((key): key is string => !!key) : [];
}

async function removeFiles(storage: TStorage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}

/**
 * Saves the voice row under the influencer's lock, then removes the files of the voice it
 * replaced; when saving fails, the new files go instead.
 */
async function replaceVoice(
  db: TDatabase,
  deps: TVoiceDeps,
  workspaceId: string,
  influencerId: string,
  newFiles: string[],
  write: (tx: TQueryable, current: TVoiceRow | null) => Promise<void>,
): Promise<void> {
  let replaced: string[] = [];
  try {
    await db.transaction(async (tx) => {
      await lockInfluencer(tx, workspaceId, influencerId);
      const current = await voiceRow(tx, influencerId);
      await write(tx, current);
      replaced = filesOf(current).filter((key) => !newFiles.includes(key));
    });
  } catch (error) {
    await removeFiles(deps.storage, newFiles);
    throw error;
  }
  await removeFiles(deps.storage, replaced);
}

function voiceFolder(workspaceId: string, influencerId: string): string {
  return `users/${workspaceId}/influencers/${influencerId}/voice`;
}

/** Chooses a stock voice; its sample is spoken by the offline synthesizer. */
export async function chooseStockVoice(
  db: TDatabase,
  deps: TVoiceDeps,
  workspaceId: string,
  influencerId: string,
  stockVoice: TStockVoiceKey,
): Promise<void> {
  const influencer = await findInfluencer(db, workspaceId, influencerId);
  const speech = await synthesizeSpeech(VOICE_TEXTS.sampleLine(influencer.name), stockVoice);
  const sampleKey = `${voiceFolder(workspaceId, influencer.id)}/sample-${randomUUID()}.wav`;
  await deps.storage.put(sampleKey, speech.wav);
  await replaceVoice(db, deps, workspaceId, influencer.id, [sampleKey], async (tx) => {
    const values = {
      kind: 'stock' as const,
      stockVoice,
      recordingKey: null,
      recordingName: null,
      recordingSeconds: null,
      statementId: null,
      sampleKey,
      sampleIsPreview: true,
      providerVoices: {},
      updatedAt: new Date(),
    };
    await tx
      .insert(personaVoices)
      .values({ influencerId: influencer.id, workspaceId, ...values })
      .onConflictDoUpdate({ target: personaVoices.influencerId, set: values });
  });
}

/**
 * Clones the persona's voice from a recording: the recording is checked by its content and
 * length, kept as WAV, and stated for ('consent' needs its document). The voice a hosted engine
 * made from an earlier recording is forgotten, so the next talking video clones this one.
 */
export async function cloneVoice(
  db: TDatabase,
  deps: TVoiceDeps,
  workspaceId: string,
  influencerId: string,
  input: {
    statement: TVoiceStatementKind;
    recording: TUploadedFile | null;
    document: TUploadedFile | null;
    /** The signed-in person; null for an API key, whose workspace's owner answers. */
    actorId: string | null;
  },
): Promise<void> {
  const influencer = await findInfluencer(db, workspaceId, influencerId);
  if (!input.recording)
    throw badRequest(VOICE_TEXTS.recordingRequired, 'INVALID_REQUEST', { field: 'recording' });
  if (input.statement === 'consent' && !input.document)
    throw badRequest(VOICE_TEXTS.documentNeeded, 'INVALID_REQUEST', { field: 'document' });
  const documentKind = input.document ? await documentType(input.document.data) : null;
  if (input.document && (input.statement !== 'consent' || !documentKind))
    throw badRequest(LIKENESS_TEXTS.notADocument, 'INVALID_REQUEST', { field: 'document' });
  const kept = await keepAudio(input.recording.data, {
    field: 'recording',
    maxBytes: VOICE_RECORDING.maxBytes,
    minSeconds: VOICE_RECORDING.minSeconds,
    maxSeconds: VOICE_RECORDING.maxSeconds,
    tooShort: VOICE_TEXTS.recordingTooShort,
    tooLong: VOICE_TEXTS.recordingTooLong,
    silent: VOICE_TEXTS.recordingSilent,
  });
  const statedBy = input.actorId ?? (await workspaceOwner(db, workspaceId));
  // A workspace always keeps an owner: the last one cannot leave.
  if (!statedBy) throw new Error('The workspace has no owner');

  const folder = voiceFolder(workspaceId, influencer.id);
  const recordingKey = `${folder}/recording-${randomUUID()}.wav`;
  const sampleKey = `${folder}/sample-${randomUUID()}.wav`;
  const documentKey =
    input.document && documentKind
      ? `private/users/${workspaceId}/influencers/${influencer.id}/voice-consent/${randomUUID()}.${DOCUMENT_EXTENSIONS[documentKind]}`
      : null;
  await deps.storage.put(recordingKey, kept.wav);
  await deps.storage.put(sampleKey, wavStart(kept.wav, SAMPLE_SECONDS));
  if (documentKey && input.document) await deps.storage.put(documentKey, input.document.data);
  const newFiles = [recordingKey, sampleKey, ...(documentKey ? [documentKey] : [])];

  await replaceVoice(db, deps, workspaceId, influencer.id, newFiles, async (tx, current) => {
    const [statement] = await tx
      .insert(likenessStatements)
      .values({
        influencerId: influencer.id,
        userId: statedBy,
        subject: VOICE_SUBJECT,
        statement: input.statement,
        consentDocumentKey: documentKey,
        consentDocumentName:
          input.document && documentKind
            ? uploadedName(input.document.fileName, `consent.${DOCUMENT_EXTENSIONS[documentKind]}`)
            : null,
        consentDocumentType: documentKind,
        statedAt: sql`clock_timestamp()`,
      })
      .returning({ id: likenessStatements.id });
    const values = {
      kind: 'cloned' as const,
      stockVoice: current?.stockVoice ?? DEFAULT_STOCK_VOICE,
      recordingKey,
      recordingName: uploadedName(input.recording!.fileName, 'recording'),
      recordingSeconds: kept.seconds,
      statementId: statement!.id,
      sampleKey,
      sampleIsPreview: false,
      providerVoices: {},
      updatedAt: new Date(),
    };
    await tx
      .insert(personaVoices)
      .values({ influencerId: influencer.id, workspaceId, ...values })
      .onConflictDoUpdate({ target: personaVoices.influencerId, set: values });
  });
}

/** Goes back to the default stock voice; the recording and sample are removed. */
export async function removeVoice(
  db: TDatabase,
  deps: TVoiceDeps,
  workspaceId: string,
  influencerId: string,
): Promise<void> {
  const influencer = await findInfluencer(db, workspaceId, influencerId);
  await replaceVoice(db, deps, workspaceId, influencer.id, [], async (tx) => {
    await tx.delete(personaVoices).where(eq(personaVoices.influencerId, influencer.id));
  });
}

/** The sample 'Hear <name>' plays, for the workspace's own members. */
export async function voiceSample(
  db: TDatabase,
  deps: TVoiceDeps,
  workspaceId: string,
  influencerId: string,
): Promise<{ stream: Readable; size: number }> {
  const influencer = await findInfluencer(db, workspaceId, influencerId);
  const row = await voiceRow(db, influencer.id);
  const missing = () => notFound(VOICE_TEXTS.noVoiceSample, 'NOT_FOUND');
  if (!row) {
    // The default voice, before one is chosen: spoken now and not kept (a read writes nothing).
    const { wav } = await synthesizeSpeech(
      VOICE_TEXTS.sampleLine(influencer.name),
      DEFAULT_STOCK_VOICE,
    );
    return { stream: Readable.from([wav]), size: wav.length };
  }
  if (!row.sampleKey) throw missing();
  const file = await deps.storage.get(row.sampleKey);
  if (!file) throw missing();
  return { stream: file.stream, size: file.size };
}

/** The voice a talking video of the persona speaks in, read when the job runs. */
export async function voiceForJob(
  db: TQueryable,
  storage: TStorage,
  influencerId: string,
  engine: string,
): Promise<{ voice: TTalkingVoice; recordingKey: string | null }> {
  const row = await voiceRow(db, influencerId);
  const stockVoice = (row?.stockVoice ?? DEFAULT_STOCK_VOICE) as TStockVoiceKey;
  if (row?.kind !== 'cloned' || !row.recordingKey)
    return { voice: { kind: 'stock', stockVoice }, recordingKey: null };
  const recording = await readStored(storage, row.recordingKey);
  if (!recording) return { voice: { kind: 'stock', stockVoice }, recordingKey: null };
  return {
    voice: {
      kind: 'cloned',
      stockVoice,
      recording,
      providerVoiceId: row.providerVoices[engine] ?? null,
    },
    recordingKey: row.recordingKey,
  };
}

/**
 * Keeps the voice a hosted engine cloned, for the next video: only while the recording it was
 * made from is still the persona's (a new recording made since starts again).
 */
export async function keepProviderVoice(
  db: TQueryable,
  influencerId: string,
  recordingKey: string,
  engine: string,
  voiceId: string,
): Promise<void> {
  await db
    .update(personaVoices)
    .set({
      providerVoices: sql`${personaVoices.providerVoices} || ${JSON.stringify({ [engine]: voiceId })}::jsonb`,
    })
    .where(
      and(
        eq(personaVoices.influencerId, influencerId),
        eq(personaVoices.recordingKey, recordingKey),
      ),
    );
}
