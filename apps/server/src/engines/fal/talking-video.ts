/**
 * Talking Video on fal (docs/product/talking-video.md): the persona's picture says the creator's
 * script, or their own audio, lips in sync, in the persona's voice. Up to three requests on
 * fal's queue, one after the other: MiniMax clones the persona's voice from its recording (once:
 * the voice id is kept with the persona), MiniMax speech says the script in that voice or in the
 * persona's stock voice, and Kling's AI avatar makes the picture speak the sound. The clip is
 * downloaded for Muse's own storage (fal's URLs expire) and stored as a browser MP4
 * (fal-video.ts).
 *
 * A job keeps one saved request, so each step saves its own as `<step>:<request id>` ('clone:',
 * 'speech:', 'avatar:'), each replacing the one before. A retry after a dead worker starts at the
 * saved step and follows that request: a step already submitted is never paid for twice.
 */
import type {
  KlingVideoAiAvatarV2StandardInput,
  MinimaxSpeech28HdInput,
  MinimaxVoiceCloneInput,
} from '@fal-ai/client/endpoints';
import type { TStockVoiceKey } from '@muse/shared';
import { wavSeconds } from '../local/speech/wav';
import { burnCaptions } from '../local/video/captions';
import { estimateWordTimings } from '../speech-words';
import type { TEngine, TRunContext } from '../types';
import type { TFalConnection } from './client';
import { falVideo, type TFalVideoOutput } from './fal-video';
import { runOnFal, type TFalWaiting } from './queue';
import { stillAtRatio } from './video';

/** MiniMax's voice clone: a voice id from a recording of at least 10 seconds. */
export const VOICE_CLONE_ENDPOINT = 'fal-ai/minimax/voice-clone';
/** MiniMax Speech 2.8 HD: a script said in a system voice or a cloned one. */
export const SPEECH_ENDPOINT = 'fal-ai/minimax/speech-2.8-hd';
/**
 * Kling's AI avatar v2 at its standard tier: a picture and a sound become a video of the picture
 * speaking it, as long as the sound. It takes no aspect ratio and keeps the picture's shape.
 */
export const AVATAR_ENDPOINT = 'fal-ai/kling-video/ai-avatar/v2/standard';

/**
 * The MiniMax system voice that speaks each stock voice (the key is what the persona keeps):
 *
 * | Stock voice | Described as               | MiniMax voice   |
 * | ----------- | -------------------------- | --------------- |
 * | aria        | Warm, clear, female        | Wise_Woman      |
 * | lumi        | Bright, lively, female     | Lively_Girl     |
 * | cole        | Calm, friendly, male       | Friendly_Person |
 * | reed        | Deep, steady, male         | Deep_Voice_Man  |
 * | finn        | Easy-going, Scottish, male | Casual_Guy      |
 *
 * MiniMax has no Scottish system voice: Finn keeps his easy-going manner, not his accent.
 */
export const MINIMAX_STOCK_VOICES: Record<TStockVoiceKey, string> = {
  aria: 'Wise_Woman',
  lumi: 'Lively_Girl',
  cole: 'Friendly_Person',
  reed: 'Deep_Voice_Man',
  finn: 'Casual_Guy',
};

/** The steps, in the order they run; a saved request names the step it belongs to. */
const STEPS = ['clone', 'speech', 'avatar'] as const;
type TStep = (typeof STEPS)[number];

/** Each step's share of the progress bar (the avatar video takes by far the longest). */
const STEP_WEIGHT: Record<TStep, number> = { clone: 2, speech: 1, avatar: 6 };
/** What the bar says while each step runs. */
const STEP_STAGE: Record<TStep, string> = {
  clone: 'Cloning the voice',
  speech: 'Speaking the script',
  avatar: 'Making the video',
};
/** Where the steps end on the bar; copying the video into Muse's form takes the rest. */
const STEPS_END = 90;

/** What each endpoint answers, as far as Muse reads it (the client's endpoint types). */
type TVoiceCloneOutput = { custom_voice_id?: string };
type TSpeechOutput = { audio?: { url?: string }; duration_ms?: number };
type TAvatarOutput = TFalVideoOutput & { duration?: number };

/** The step and fal's request of a saved `<step>:<request id>`; null when nothing was saved. */
function savedRequest(saved: string | null): { step: TStep; requestId: string } | null {
  if (!saved) return null;
  const colon = saved.indexOf(':');
  const step = STEPS.find((one) => one === saved.slice(0, colon));
  const requestId = saved.slice(colon + 1);
  // This engine saves every request with its step, so anything else was not saved by it.
  if (colon < 0 || !step || !requestId)
    throw new Error(`The saved request '${saved}' names no step of a talking video`);
  return { step, requestId };
}

/** The stage text of a step, with the queue's place while fal has not started it. */
function stageOf(step: TStep, queueStage: string): string {
  const position = /position (\d+)/.exec(queueStage)?.[1];
  return position ? `${STEP_STAGE[step]} (number ${position} in line)` : STEP_STAGE[step];
}

export function createFalTalkingVideoEngine(
  connection: TFalConnection,
  waiting: TFalWaiting,
): TEngine<'talking-video'> & { readonly preview: false } {
  const upload = (data: Uint8Array, type: string) =>
    connection.client.storage.upload(new Blob([new Uint8Array(data)], { type }));

  return {
    name: 'fal',
    preview: false,
    async run(input, options, context) {
      const { audio, voice } = options;
      const { signal, provider } = context;
      const script = options.script.trim();
      if (!audio && !script) throw new Error('A talking video needs a script or its audio');
      const saved = savedRequest(provider?.requestId ?? null);
      const savedAt = saved ? STEPS.indexOf(saved.step) : 0;

      // The steps this attempt runs or follows: those from the saved one on. A voice is cloned
      // only to speak a script (a clone never spoken in goes unused), and only once per persona.
      const needsClone =
        !audio && voice.kind === 'cloned' && voice.providerVoiceId === null && savedAt === 0;
      const plan = STEPS.filter((step) => {
        if (STEPS.indexOf(step) < savedAt) return false;
        if (step === 'clone') return needsClone;
        if (step === 'speech') return !audio;
        return true;
      });
      const total = plan.reduce((sum, step) => sum + STEP_WEIGHT[step], 0);
      const startOf = (step: TStep) =>
        (STEPS_END * plan.slice(0, plan.indexOf(step)).reduce((s, o) => s + STEP_WEIGHT[o], 0)) /
        total;

      /**
       * One step's request on fal: the saved one followed, or a new one submitted (its input made
       * only then, so a followed step uploads nothing) and saved as `<step>:<id>`. Each step sees
       * only its own request; waits and webhooks are keyed by fal's own id.
       */
      const runStep = async (
        step: TStep,
        endpoint: string,
        makeInput: () => Promise<Record<string, unknown>>,
      ): Promise<unknown> => {
        signal?.throwIfAborted();
        const following = saved?.step === step ? saved.requestId : null;
        const from = startOf(step);
        const span = (STEPS_END * STEP_WEIGHT[step]) / total;
        const body = following ? {} : await makeInput();
        context.onProgress(from, STEP_STAGE[step]);
        const stepContext: TRunContext = {
          onProgress: (percent, stage) =>
            context.onProgress(from + (span * percent) / 100, stageOf(step, stage)),
          ...(signal ? { signal } : {}),
          ...(provider
            ? {
                provider: {
                  requestId: following,
                  onSubmitted: (requestId) => provider.onSubmitted(`${step}:${requestId}`),
                  wait: provider.wait,
                },
              }
            : {}),
        };
        return runOnFal(connection, endpoint, body, stepContext, waiting);
      };

      // 1. The persona's voice, cloned from its recording when fal has none of it yet. A retry
      // that follows a saved clone gets its id without paying again. The id is known to this
      // attempt only until the video is returned: when a worker dies after the speech was
      // submitted (its request replacing the clone's), the retry follows that speech, already in
      // the cloned voice, but cannot return the id, so the persona keeps no hosted voice and its
      // next video clones the recording once more.
      let clonedVoiceId: string | undefined;
      if (plan.includes('clone') && voice.kind === 'cloned') {
        const recording = voice.recording;
        const cloned = (await runStep('clone', VOICE_CLONE_ENDPOINT, async () => {
          context.onProgress(startOf('clone'), 'Uploading the voice recording');
          return {
            audio_url: await upload(recording, 'audio/wav'),
            noise_reduction: true,
            need_volume_normalization: true,
          } satisfies MinimaxVoiceCloneInput;
        })) as TVoiceCloneOutput;
        if (!cloned.custom_voice_id) throw new Error('fal cloned no voice');
        clonedVoiceId = cloned.custom_voice_id;
      }

      // 2. The sound: the script said in the voice, or the creator's own audio uploaded.
      let audioUrl = '';
      let speechSeconds: number | null = null;
      if (plan.includes('speech')) {
        const voiceId =
          clonedVoiceId ??
          (voice.kind === 'cloned' ? voice.providerVoiceId : null) ??
          MINIMAX_STOCK_VOICES[voice.stockVoice];
        const speech = (await runStep(
          'speech',
          SPEECH_ENDPOINT,
          async () =>
            ({
              prompt: script,
              voice_setting: { voice_id: voiceId },
              // A link to the sound, which the avatar step reads; the default is the bytes as hex.
              output_format: 'url',
            }) satisfies MinimaxSpeech28HdInput,
        )) as TSpeechOutput;
        if (!speech.audio?.url) throw new Error('fal returned no speech');
        audioUrl = speech.audio.url;
        if (speech.duration_ms && speech.duration_ms > 0) speechSeconds = speech.duration_ms / 1000;
      } else if (audio) {
        speechSeconds = wavSeconds(audio);
        if (saved?.step !== 'avatar') {
          context.onProgress(startOf('avatar'), 'Uploading the audio');
          audioUrl = await upload(audio, 'audio/wav');
        }
      }

      // 3. The picture, at the chosen shape, speaking the sound.
      const avatar = (await runStep('avatar', AVATAR_ENDPOINT, async () => {
        context.onProgress(startOf('avatar'), 'Preparing the picture');
        const still = await stillAtRatio(input, options.aspectRatio);
        return {
          image_url: await upload(still, 'image/png'),
          audio_url: audioUrl,
        } satisfies KlingVideoAiAvatarV2StandardInput;
      })) as TAvatarOutput;
      context.onProgress(STEPS_END + 2, 'Preparing the video');
      const video = await falVideo(connection, avatar, signal);
      if (!video.hasAudio) throw new Error('fal returned a talking video without its sound');

      // A retry that followed the video's request never heard the speech: the video is as long.
      const seconds =
        speechSeconds ??
        (avatar.duration && avatar.duration > 0 ? avatar.duration : video.durationSeconds);
      // fal's speech gives no word times: they are estimated from the script and its length.
      const words = audio ? [] : estimateWordTimings(script, seconds);
      const shown =
        options.captions && words.length ? await burnCaptions(video, words, signal) : video;
      return {
        ...shown,
        hasAudio: true,
        model: AVATAR_ENDPOINT,
        speechSeconds: Math.round(seconds * 1000) / 1000,
        words,
        spokenBy: audio ? 'audio' : 'hosted',
        ...(clonedVoiceId ? { clonedVoiceId } : {}),
      };
    },
  };
}
