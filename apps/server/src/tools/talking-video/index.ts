/**
 * Talking Video (docs/product/talking-video.md): the persona says a script, or the creator's own
 * audio, lips in sync, in its own voice. The picture (an upload, a gallery image or the persona's
 * best reference photo) and the audio are found and checked when the job is queued, before
 * anything is spent; the price follows the speech's length. When the job runs, the persona's
 * voice is read as it is then, and the video goes through the safety check, its likeness,
 * storage and the gallery (gallery/record.ts).
 */
import {
  speechSeconds,
  talkingVideoCredits,
  TALKING_AUDIO,
  TALKING_TEXTS,
  TOOL_MAX_INPUT_SIDE,
  TOOL_TEXTS,
} from '@muse/shared';
import { badRequest } from '../../lib/errors';
import { jobSpendDescription } from '../../modules/billing/ledger';
import { pictureOrPersonaPhoto } from '../../modules/gallery/job-input';
import { jobParent, keepInGallery } from '../../modules/gallery/record';
import { findInfluencer } from '../../modules/influencers/service';
import { jobInputFile, pictureInput } from '../../modules/jobs/inputs';
import { namedVideo } from '../../modules/jobs/outputs';
import { admit, parseToolRequest, storedOptions, type TToolServer } from '../../modules/jobs/tool';
import { keepAudio } from '../../modules/media/audio-upload';
import { personaForJob, readStored } from '../../modules/personas/reference';
import { keepProviderVoice, voiceForJob } from '../../modules/personas/voice';

/** Where a job's own audio is kept, beside its input: `{job}` is the job's id. */
function speechKey(workspaceId: string, job: string): string {
  return `users/${workspaceId}/jobs/${job}/speech.wav`;
}

export const talkingVideo: TToolServer<'talking-video'> = {
  key: 'talking-video',
  plan: async (context, request) => {
    const { tool, ...parsed } = parseToolRequest('talking-video', request.fields);
    const upload = request.upload ?? { image: null, fields: {} };
    // Refuses a plan without talking videos; 0 a second when the engine makes free previews.
    const perSecond = await admit(context, tool);
    const influencer = await findInfluencer(context.db, context.workspaceId, parsed.influencerId);
    const speech = upload.audio
      ? await keepAudio(upload.audio, {
          field: 'audio',
          maxBytes: TALKING_AUDIO.maxBytes,
          maxSeconds: TALKING_AUDIO.maxSeconds,
          tooLong: TALKING_TEXTS.audioTooLong,
          silent: TALKING_TEXTS.audioSilent,
        })
      : null;
    if (!speech && !parsed.script) throw badRequest(TALKING_TEXTS.scriptOrAudio);
    if (speech && parsed.captions) throw badRequest(TALKING_TEXTS.captionsNeedScript);
    const options = { ...parsed, recorded: speech !== null, script: speech ? '' : parsed.script };
    const picture = await pictureOrPersonaPhoto(
      context,
      influencer.id,
      upload,
      TALKING_TEXTS.pictureRequired,
    );
    const input = await pictureInput(picture, TOOL_MAX_INPUT_SIDE, TOOL_TEXTS.imageTooLarge);
    const seconds = speech ? speech.seconds : speechSeconds(options.script);
    const cost = perSecond === 0 ? 0 : talkingVideoCredits(seconds, !speech);
    const job = {
      options,
      input: jobInputFile(context.workspaceId, input, upload),
      files: speech ? [{ key: speechKey(context.workspaceId, '{job}'), data: speech.wav }] : [],
    };
    const length = `${Math.max(1, Math.ceil(seconds))} s`;
    return {
      count: 1,
      prepare: async () => ({
        jobs: [job],
        spend: {
          currency: 'credits',
          amount: cost,
          description: jobSpendDescription(
            tool,
            speech ? `${length} of your audio` : `${length}, speech and video`,
          ),
        },
        cost,
        engine: context.deps.engines[tool].name,
      }),
    };
  },
  execute: async ({ db, deps, run }, row, input) => {
    const options = storedOptions('talking-video', row);
    const { influencer } = await personaForJob(db, row.workspaceId, options.influencerId);
    const engine = deps.engines['talking-video'];
    let audio: Buffer | null = null;
    if (options.recorded) {
      audio = await readStored(deps.storage, speechKey(row.workspaceId, row.id));
      if (!audio) throw new Error('The audio of the job is missing from storage');
    }
    const { voice, recordingKey } = await voiceForJob(
      db,
      deps.storage,
      options.influencerId,
      engine.name,
    );
    const video = await engine.run(input, { ...options, audio, voice }, run);
    // A voice cloned on the way is the persona's from now on: the next video reuses it.
    if (video.clonedVoiceId && recordingKey)
      await keepProviderVoice(
        db,
        options.influencerId,
        recordingKey,
        engine.name,
        video.clonedVoiceId,
      );
    const result = { outputs: [namedVideo(video, 'muse-talking-video')] };
    return keepInGallery(
      db,
      deps,
      row,
      result,
      {
        tool: 'talking-video',
        influencer,
        prompt: options.recorded ? TALKING_TEXTS.fromAudio : options.script,
        productId: null,
        provenance: { action: 'created', parent: await jobParent(db, deps.storage, row, input) },
      },
      run,
    );
  },
};
