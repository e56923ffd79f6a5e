import {
  speechSeconds,
  TALKING_TEXTS,
  talkingVideoCredits,
  toolRecord,
  VIDEO_TEXTS,
  ZEnginesResponse,
  ZGalleryResponse,
  ZInfluencersResponse,
  ZJobResponse,
  ZJobsResponse,
  ZPersonaVoiceResponse,
  type TJob,
  type TJobTool,
  type TPlanKey,
} from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anInfluencer, dashboardAnswer } from '../../testing/answers';
import { fakeApi, reply } from '../../testing/fake-api';
import { TalkingVideoPage } from './talking-video-page';

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ user: { id: 'user-1' } }) }));

const PERSONA_ID = '6f1c2f0e-4a43-4c47-9a53-0c0f8a4f8a11';
const GALLERY_ID = '2d0c1c55-7a0e-4d8b-9a51-9d3e6c1f0a01';

function talkingJob(): TJob {
  return {
    id: 'job-talk',
    tool: 'talking-video',
    status: 'succeeded',
    progress: 100,
    stage: 'Done',
    options: {
      influencerId: PERSONA_ID,
      script: 'Hi, I am Mara.',
      recorded: false,
      aspectRatio: '9:16',
      captions: false,
    },
    input: null,
    outputs: [
      {
        url: '/api/files/talk.mp4',
        width: 720,
        height: 1280,
        contentType: 'video/mp4',
        fileName: 'muse-talking-video.mp4',
        galleryId: GALLERY_ID,
        posterUrl: '/api/files/talk.webp',
        durationSeconds: 1.4,
        identityScore: null,
        scoreNote: TALKING_TEXTS.previewNotScored,
      },
    ],
    prompt: null,
    draft: null,
    cost: 0,
    failureReason: null,
    engine: 'local',
    preview: true,
    details: {},
    createdAt: '2026-11-24T10:00:00.000Z',
    finishedAt: '2026-11-24T10:00:10.000Z',
  };
}

/**
 * The API the page reads, answered in memory: `plan`'s account with 500 credits, one ready
 * persona speaking in Aria, and the talking videos made offline (free previews) or by a hosted
 * engine. Every POST /api/jobs body is kept.
 */
function stubApi(plan: TPlanKey | null, { offline = false } = {}) {
  const previews: TJobTool[] = offline ? ['talking-video'] : [];
  const api = fakeApi({
    'GET /api/users/dashboard': () =>
      dashboardAnswer({
        plan,
        planLabel: plan ?? 'FREE',
        credits: 500,
        modelTokens: 1,
        influencers: { used: 1, limit: 1 },
      }),
    'GET /api/jobs/engines': () =>
      reply(ZEnginesResponse, {
        success: true,
        engines: toolRecord(() => (offline ? 'local' : 'fal')),
        generativeEdits: false,
        previews,
        text: { engine: 'local', preview: true },
      }),
    'GET /api/influencers': () =>
      reply(ZInfluencersResponse, {
        success: true,
        influencers: [anInfluencer({ id: PERSONA_ID })],
        used: 1,
        limit: 1,
        nextCursor: null,
      }),
    'GET /api/influencers/:id/voice': () =>
      reply(ZPersonaVoiceResponse, {
        success: true,
        voice: {
          kind: 'stock',
          stockVoice: 'aria',
          recording: null,
          hasSample: true,
          sampleIsPreview: true,
          updatedAt: '2026-11-24T10:00:00.000Z',
        },
      }),
    'GET /api/gallery': () =>
      reply(ZGalleryResponse, { success: true, items: [], nextCursor: null }),
    'GET /api/jobs': () => reply(ZJobsResponse, { success: true, jobs: [], nextCursor: null }),
    'POST /api/jobs': () => reply(ZJobResponse, { success: true, job: talkingJob() }, 201),
  });
  return { posted: () => api.callsTo('POST /api/jobs').map((call) => call.body as FormData) };
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <TalkingVideoPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The form, once the plan, the engines and the persona are read. */
async function openForm() {
  const form = await screen.findByRole('form', { name: 'Make a talking video' });
  await waitFor(() => expect(within(form).getByRole('radio', { name: /Mara Lind/ })).toBeChecked());
  return form;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Talking Video', () => {
  it.each([
    ['FREE', null],
    ['Builder', 'builder'],
  ] as const)("shows 'Upgrade Required' to a %s account", async (_name, plan) => {
    stubApi(plan);
    renderPage();
    expect(screen.getByRole('heading', { name: TALKING_TEXTS.title })).toBeVisible();
    expect(screen.getByText(TALKING_TEXTS.intro)).toBeVisible();
    expect(await screen.findByRole('heading', { name: VIDEO_TEXTS.upgradeRequired })).toBeVisible();
    expect(screen.getByRole('link', { name: VIDEO_TEXTS.upgradeNow })).toHaveAttribute(
      'href',
      '/credits',
    );
    expect(screen.queryByRole('form', { name: 'Make a talking video' })).not.toBeInTheDocument();
  });

  it('shows the seconds as the script is typed, and prices the button by them', async () => {
    stubApi('launch');
    renderPage();
    const form = await openForm();
    const user = userEvent.setup();
    const field = within(form).getByLabelText(TALKING_TEXTS.scriptLabel);

    await user.type(field, 'Hi.');
    expect(within(form).getByText(TALKING_TEXTS.seconds(speechSeconds('Hi.')))).toBeVisible();
    const short = talkingVideoCredits(speechSeconds('Hi.'), true);
    expect(
      within(form).getByRole('button', { name: TALKING_TEXTS.button(short) }),
    ).toBeInTheDocument();

    const script = 'Hi. Today I am trying the new linen collection, and it is lovely in the sun.';
    await user.type(field, script.slice('Hi.'.length));
    const seconds = speechSeconds(script);
    expect(within(form).getByText(TALKING_TEXTS.seconds(seconds))).toBeVisible();
    const long = talkingVideoCredits(seconds, true);
    expect(long).toBeGreaterThan(short);
    expect(
      within(form).getByRole('button', { name: TALKING_TEXTS.button(long) }),
    ).toBeInTheDocument();
    expect(within(form).getByText(`Costs ${long} credits`)).toBeVisible();
    expect(within(form).queryByText(TALKING_TEXTS.offlineNote)).not.toBeInTheDocument();
  });

  it('says the video is a free preview with the offline engine', async () => {
    stubApi('launch', { offline: true });
    renderPage();
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText(TALKING_TEXTS.scriptLabel), 'Hello there.');
    expect(await within(form).findByText(TALKING_TEXTS.offlineNote)).toBeVisible();
    expect(
      within(form).getByRole('button', { name: 'Make Talking Video (Offline preview, free)' }),
    ).toBeEnabled();
  });

  it("links the finished video to the calendar's composer and names the voice", async () => {
    const { posted } = stubApi('growth', { offline: true });
    renderPage();
    const form = await openForm();
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(TALKING_TEXTS.scriptLabel), 'Hi, I am Mara.');
    await user.click(
      within(form).getByRole('button', { name: 'Make Talking Video (Offline preview, free)' }),
    );

    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(Object.fromEntries(posted()[0]!.entries())).toEqual({
      tool: 'talking-video',
      influencerId: PERSONA_ID,
      script: 'Hi, I am Mara.',
      recorded: 'false',
      aspectRatio: '9:16',
      captions: 'false',
      reference: 'true',
    });
    const result = screen.getByRole('region', { name: 'Result' });
    expect(await within(result).findByLabelText('Talking video')).toBeInTheDocument();
    expect(
      within(result).getByRole('link', { name: TALKING_TEXTS.sendToCalendar }),
    ).toHaveAttribute('href', `/calendar?compose=${GALLERY_ID}`);
    expect(await within(result).findByText('Aria')).toBeVisible();
    expect(within(result).getByText('Aria').parentElement).toHaveTextContent('Voice: Aria');
  });
});

describe("a talking video from the creator's own audio", () => {
  // The length an <audio> element would read from the file, faked on the element itself.
  let duration = 0;
  const restore: (() => void)[] = [];

  function fake(name: 'src' | 'duration', descriptor: PropertyDescriptor) {
    const proto = HTMLAudioElement.prototype;
    const own = Object.getOwnPropertyDescriptor(proto, name);
    Object.defineProperty(proto, name, { configurable: true, ...descriptor });
    restore.push(() => {
      if (own) Object.defineProperty(proto, name, own);
      else Reflect.deleteProperty(proto, name);
    });
  }

  beforeEach(() => {
    fake('duration', { get: () => duration });
    fake('src', {
      get: () => '',
      set(this: HTMLAudioElement) {
        setTimeout(() => this.dispatchEvent(new Event('loadedmetadata')), 0);
      },
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:muse-test');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  });

  afterEach(() => {
    for (const undo of restore.splice(0)) undo();
  });

  /** A short WAV: the RIFF header of 16-bit mono at 16 kHz, and silence after it. */
  function wav(name: string): File {
    const bytes = new Uint8Array(44 + 3200);
    const view = new DataView(bytes.buffer);
    const text = (offset: number, value: string) =>
      [...value].forEach((char, index) => view.setUint8(offset + index, char.charCodeAt(0)));
    text(0, 'RIFF');
    view.setUint32(4, 36 + 3200, true);
    text(8, 'WAVEfmt ');
    view.setUint32(16, 16, true);
    view.setUint16(20, 1, true);
    view.setUint16(22, 1, true);
    view.setUint32(24, 16_000, true);
    view.setUint32(28, 32_000, true);
    view.setUint16(32, 2, true);
    view.setUint16(34, 16, true);
    text(36, 'data');
    view.setUint32(40, 3200, true);
    return new File([bytes], name, { type: 'audio/wav' });
  }

  it('sends the audio instead of the script, priced by its length, with captions off', async () => {
    duration = 4.2;
    const { posted } = stubApi('launch');
    renderPage();
    const form = await openForm();
    const user = userEvent.setup({ applyAccept: false });
    const captions = within(form).getByRole('switch', { name: TALKING_TEXTS.captions });
    await user.click(captions);
    expect(captions).toBeChecked();

    await user.upload(
      within(form).getByLabelText(TALKING_TEXTS.audioLabel, { selector: 'input' }),
      wav('hello.wav'),
    );
    expect(await within(form).findByText(/About 4\.2 seconds/)).toBeVisible();
    expect(captions).toBeDisabled();
    expect(captions).not.toBeChecked();
    expect(within(form).getByText(TALKING_TEXTS.captionsNeedScript)).toBeVisible();
    expect(within(form).getByLabelText(TALKING_TEXTS.scriptLabel)).toBeDisabled();
    const credits = talkingVideoCredits(4.2, false);
    const submit = within(form).getByRole('button', { name: TALKING_TEXTS.button(credits) });
    await user.click(submit);

    await waitFor(() => expect(posted()).toHaveLength(1));
    const body = posted()[0]!;
    expect(body.get('recorded')).toBe('true');
    expect(body.get('captions')).toBe('false');
    expect(body.get('script')).toBe('');
    expect(body.get('reference')).toBe('true');
    const audio = body.get('audio');
    expect(audio).toBeInstanceOf(File);
    expect((audio as File).name).toBe('hello.wav');
    expect((audio as File).type).toBe('audio/wav');
  });

  it('refuses audio over a minute before sending it', async () => {
    duration = 75;
    const { posted } = stubApi('launch');
    renderPage();
    const form = await openForm();
    await userEvent
      .setup({ applyAccept: false })
      .upload(
        within(form).getByLabelText(TALKING_TEXTS.audioLabel, { selector: 'input' }),
        wav('long.wav'),
      );
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      TALKING_TEXTS.audioTooLong(75),
    );
    expect(within(form).getByRole('switch', { name: TALKING_TEXTS.captions })).toBeEnabled();
    expect(posted()).toHaveLength(0);
  });
});
