/**
 * Drafts in a persona's words (docs/product/drafts.md) as jobs of the `write-text` task: a
 * caption for each place a post goes, a persona's bio, a prompt the image engine follows well,
 * or the persona's voice profile. Queued like every tool (paid when queued, refunded once on
 * failure), in a lane and a room of their own (modules/jobs/fair-share.ts). The text engine
 * (ENGINE_TEXT) writes; this file gives it what it reads and checks what comes back: each
 * caption fitted to its platform, every word through the same check as prompts (a draft that
 * fails it is withheld and refunded), the persona's trigger word never shown.
 */
import { buffer } from 'node:stream/consumers';
import {
  asksForMinor,
  CAPTION_DRAFT_RULES,
  DRAFT_COST,
  DRAFT_TEXTS,
  PROMPT_DRAFT_TOOLS,
  ZDraftRequest,
  type TCaptionDraft,
  type TDraft,
  type TParsedDraftRequest,
} from '@muse/shared';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { TQueryable } from '../../db/client';
import { galleryItems, influencers } from '../../db/schema';
import { fitCaption, withoutTriggerWord } from '../../engines/text/fit';
import {
  TextEngineFailure,
  type TCaptionMedia,
  type TWriterPersona,
} from '../../engines/text/types';
import { badRequest, notFound } from '../../lib/errors';
import { checkAction, getAccountState } from '../../modules/billing/entitlements';
import { findInfluencer } from '../../modules/influencers/service';
import { JobFailure } from '../../modules/jobs/queue';
import type { TExecuteContext, TToolServer } from '../../modules/jobs/tool';
import { ToolNotAllowedError } from '../../modules/jobs/errors';

const DRAFT_NAMES: Record<TParsedDraftRequest['kind'], string> = {
  caption: 'Caption draft',
  persona: 'Persona draft',
  prompt: 'Prompt draft',
  'voice-profile': 'Voice profile draft',
};

function parseDraft(fields: unknown): TParsedDraftRequest {
  const parsed = ZDraftRequest.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    throw badRequest(
      issue?.message ?? 'Invalid draft',
      'INVALID_REQUEST',
      typeof field === 'string' ? { field } : {},
    );
  }
  return parsed.data;
}

/** The gallery items a caption is for: the workspace's, of the influencer or of no persona. */
async function captionItems(
  db: TQueryable,
  workspaceId: string,
  influencerId: string,
  itemIds: string[],
) {
  const rows = await db
    .select()
    .from(galleryItems)
    .where(and(eq(galleryItems.workspaceId, workspaceId), inArray(galleryItems.id, itemIds)));
  const usable = rows.filter((row) => row.influencerId === influencerId || !row.influencerId);
  if (usable.length !== new Set(itemIds).size)
    throw notFound(DRAFT_TEXTS.itemNotFound, 'GALLERY_ITEM_NOT_FOUND');
  // In the order the creator chose them.
  return itemIds.map((id) => usable.find((row) => row.id === id)!);
}

/** The persona as the engine reads it, from its row as it is when the draft runs. */
async function writerPersona(
  db: TQueryable,
  workspaceId: string,
  influencerId: string,
): Promise<TWriterPersona & { triggerWord: string | null }> {
  const [row] = await db
    .select()
    .from(influencers)
    .where(and(eq(influencers.id, influencerId), eq(influencers.workspaceId, workspaceId)));
  if (!row) throw new JobFailure(`${DRAFT_TEXTS.draftFailed}: the influencer was deleted.`);
  return {
    name: row.name,
    niche: row.niche,
    personality: row.personality,
    targetAudience: row.targetAudience,
    description: row.description,
    profile: row.voiceProfile ?? null,
    triggerWord: row.triggerWord,
  };
}

/** What the engine is told of each picture and clip: Muse's own analysis, never the file's name. */
async function describeMedia(
  { db, deps, run }: TExecuteContext,
  workspaceId: string,
  influencerId: string,
  itemIds: string[],
  triggerWord: string | null,
): Promise<TCaptionMedia[]> {
  const rows = await captionItems(db, workspaceId, influencerId, itemIds).catch(() => {
    throw new JobFailure(`${DRAFT_TEXTS.draftFailed}: ${DRAFT_TEXTS.itemNotFound}.`);
  });
  const media: TCaptionMedia[] = [];
  for (const [index, row] of rows.entries()) {
    run.onProgress(10 + (50 * index) / rows.length, 'Looking at the post');
    const stored = await deps.storage.get(row.thumbnailKey);
    const picture = stored ? await buffer(stored.stream) : null;
    const described = picture
      ? await deps.engines['generate-prompt'].run(picture, { customPrompt: '' }, run)
      : { prompt: '' };
    const imageUrl =
      picture && deps.text.acceptsImages
        ? `data:image/jpeg;base64,${(await sharp(picture).jpeg({ quality: 80 }).toBuffer()).toString('base64')}`
        : undefined;
    media.push({
      kind: row.kind === 'video' ? 'video' : 'image',
      description: described.prompt,
      prompt: withoutTriggerWord(row.prompt, triggerWord),
      durationSeconds: row.durationMs ? row.durationMs / 1000 : null,
      ...(imageUrl ? { imageUrl } : {}),
    });
  }
  return media;
}

/** Every word of a draft passes the check prompts pass; one that fails withholds the draft. */
function withholdUnsafe(draft: TDraft): TDraft {
  const texts: string[] =
    draft.kind === 'caption'
      ? draft.captions.map((caption) => caption.text)
      : draft.kind === 'persona'
        ? Object.values(draft.persona)
        : draft.kind === 'prompt'
          ? [draft.prompt]
          : [draft.profile.tone, ...draft.profile.uses, ...draft.profile.avoids];
  if (texts.some((text) => asksForMinor(text))) throw new JobFailure(DRAFT_TEXTS.withheld);
  return draft;
}

async function write(context: TExecuteContext, workspaceId: string, request: TParsedDraftRequest) {
  const { db, deps, run } = context;
  const call = run.signal ? { signal: run.signal } : {};
  switch (request.kind) {
    case 'caption': {
      const persona = await writerPersona(db, workspaceId, request.influencerId);
      const media = await describeMedia(
        context,
        workspaceId,
        request.influencerId,
        request.itemIds,
        persona.triggerWord,
      );
      run.onProgress(60, 'Writing');
      const slots = request.targets.map((target) => ({
        target,
        // A platform's caption leaves room for what the post adds (a pay-per-view unlock line).
        maxLength:
          CAPTION_DRAFT_RULES[target].maxLength - (target === 'page' ? 0 : request.reserve),
        hashtags: CAPTION_DRAFT_RULES[target].hashtags,
      }));
      const written = await deps.text.captions(
        { persona, media, slots, words: request.words },
        call,
      );
      const captions: TCaptionDraft[] = slots.map((slot) => {
        const one = written.find((caption) => caption.target === slot.target);
        if (!one) throw new TextEngineFailure(DRAFT_TEXTS.malformed);
        return fitCaption(
          { ...one, caption: withoutTriggerWord(one.caption, persona.triggerWord) },
          slot.maxLength,
        );
      });
      return { kind: 'caption' as const, captions };
    }
    case 'persona':
      run.onProgress(30, 'Writing');
      return {
        kind: 'persona' as const,
        persona: await deps.text.persona({ niche: request.niche, name: request.name }, call),
      };
    case 'prompt': {
      const persona = request.influencerId
        ? await writerPersona(db, workspaceId, request.influencerId)
        : null;
      run.onProgress(30, 'Writing');
      const prompt = await deps.text.prompt(
        {
          tool: request.tool,
          words: request.words,
          persona,
          maxLength: PROMPT_DRAFT_TOOLS[request.tool],
        },
        call,
      );
      return {
        kind: 'prompt' as const,
        prompt: withoutTriggerWord(prompt, persona?.triggerWord ?? null),
      };
    }
    case 'voice-profile': {
      const persona = await writerPersona(db, workspaceId, request.influencerId);
      run.onProgress(30, 'Writing');
      return {
        kind: 'voice-profile' as const,
        profile: await deps.text.voiceProfile({ persona: { ...persona, profile: null } }, call),
      };
    }
  }
}

export const writeText: TToolServer<'write-text'> = {
  key: 'write-text',
  ownRoute: 'Drafts are asked for with POST /api/drafts',

  plan: async ({ db, deps, workspaceId }, { fields }) => {
    const request = parseDraft(fields);
    // Whose words they are is checked before anything is spent.
    if ('influencerId' in request && request.influencerId) {
      await findInfluencer(db, workspaceId, request.influencerId);
      if (request.kind === 'caption')
        await captionItems(db, workspaceId, request.influencerId, request.itemIds);
    }
    return {
      count: 1,
      prepare: async () => {
        const account = await getAccountState(db, workspaceId);
        const allowed = checkAction(account, 'textDraft');
        if (!allowed.allowed && allowed.reason === 'plan') throw new ToolNotAllowedError();
        // Muse's own templates are free; a text engine's draft costs DRAFT_COST.
        const cost = deps.text.preview ? 0 : DRAFT_COST;
        return {
          jobs: [{ options: request, input: null }],
          spend: { currency: 'credits', amount: cost, description: DRAFT_NAMES[request.kind] },
          cost,
          engine: deps.text.name,
        };
      },
    };
  },

  execute: async (context, row) => {
    // Stored options are parsed again, so a row written by an older version is checked.
    const request = ZDraftRequest.parse(row.options);
    try {
      const draft = withholdUnsafe(await write(context, row.workspaceId, request));
      return { outputs: [], prompt: null, draft };
    } catch (error) {
      if (error instanceof TextEngineFailure) throw new JobFailure(error.reason);
      throw error;
    }
  },
};
