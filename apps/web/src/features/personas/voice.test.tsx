import {
  VOICE_STATEMENT_LABELS,
  VOICE_TEXTS,
  ZPersonaVoiceResponse,
  type TPersonaVoice,
} from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setOpenWorkspace, TOKEN_STORAGE_KEY } from '../../lib/api';
import { WORKSPACES_QUERY_KEY } from '../../lib/workspaces';
import { aTeamWorkspace, aWorkspace, workspacesAnswer } from '../../testing/answers';
import { fakeApi, reply, type TFakeHandler, type TFakeRoute } from '../../testing/fake-api';
import { VoicePanel } from './components/voice-panel';

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ user: { id: 'user-1' } }) }));

const PERSONA_ID = '6f1c2f0e-4a43-4c47-9a53-0c0f8a4f8a11';

const ARIA: TPersonaVoice = {
  kind: 'stock',
  stockVoice: 'aria',
  recording: null,
  hasSample: true,
  sampleIsPreview: true,
  updatedAt: '2026-11-24T10:00:00.000Z',
};

const CLONED: TPersonaVoice = {
  kind: 'cloned',
  stockVoice: 'aria',
  recording: {
    seconds: 45,
    name: 'me.wav',
    statement: 'self',
    check: 'stated',
    statedAt: '2026-11-25T10:00:00.000Z',
  },
  hasSample: true,
  sampleIsPreview: false,
  updatedAt: '2026-11-25T10:00:00.000Z',
};

const voiceAnswer = (voice: TPersonaVoice, status = 200) =>
  reply(ZPersonaVoiceResponse, { success: true, voice }, status);

/** The voice routes, answered in memory: Mara speaks in Aria unless `routes` say otherwise. */
function stubApi(routes: Partial<Record<TFakeRoute, TFakeHandler>> = {}) {
  return fakeApi({
    'GET /api/influencers/:id/voice': () => voiceAnswer(ARIA),
    ...routes,
  });
}

function renderPanel() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <VoicePanel influencerId={PERSONA_ID} name="Mara Lind" />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

// The length an <audio> element would read from a recording, faked on the element itself.
let duration = 45;
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
  duration = 45;
  let source = '';
  fake('duration', { get: () => duration });
  fake('src', {
    get: () => source,
    set(this: HTMLAudioElement, value: string) {
      source = value;
      setTimeout(() => this.dispatchEvent(new Event('loadedmetadata')), 0);
    },
  });
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:muse-voice');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});

afterEach(() => {
  for (const undo of restore.splice(0)) undo();
  vi.restoreAllMocks();
  setOpenWorkspace(null);
  localStorage.clear();
});

const recording = (name = 'me.wav') =>
  new File([new Uint8Array(4096)], name, { type: 'audio/wav' });

describe('the voice section', () => {
  it('saves the stock voice chosen, with PUT, and marks it as the current one', async () => {
    const api = stubApi({
      'PUT /api/influencers/:id/voice': () => voiceAnswer({ ...ARIA, stockVoice: 'cole' }),
    });
    renderPanel();
    const stock = await screen.findByRole('form', { name: VOICE_TEXTS.stockHeading });
    expect(within(stock).getByRole('radio', { name: /Aria \(current\)/ })).toBeChecked();
    const save = within(stock).getByRole('button', { name: 'Save voice' });
    expect(save).toBeDisabled();

    const user = userEvent.setup();
    await user.click(within(stock).getByRole('radio', { name: /Cole/ }));
    expect(within(stock).getByText('Calm, friendly, male')).toBeVisible();
    await user.click(save);

    await waitFor(() => expect(api.callsTo('PUT /api/influencers/:id/voice')).toHaveLength(1));
    const [put] = api.callsTo('PUT /api/influencers/:id/voice');
    expect(put!.params.id).toBe(PERSONA_ID);
    expect(put!.body).toEqual({ stockVoice: 'cole' });
    const saved = await screen.findByRole('form', { name: VOICE_TEXTS.stockHeading });
    expect(await within(saved).findByRole('radio', { name: /Cole \(current\)/ })).toBeChecked();
    expect(within(saved).getByRole('radio', { name: /^Aria/ })).not.toBeChecked();
  });

  it('plays the sample fetched with the session on Hear, saying it is an offline preview', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'session-token');
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const api = stubApi({
      'GET /api/influencers/:id/voice/sample': () => ({ status: 200, body: 'RIFF' }),
    });
    renderPanel();
    const hear = await screen.findByRole('button', { name: VOICE_TEXTS.hear('Mara Lind') });
    expect(screen.getByText(VOICE_TEXTS.offlineSample)).toBeVisible();
    await userEvent.click(hear);

    await waitFor(() => expect(play).toHaveBeenCalledOnce());
    const [sample] = api.callsTo('GET /api/influencers/:id/voice/sample');
    expect(sample!.headers.authorization).toBe('Bearer session-token');
    const player = document.querySelector('audio');
    expect(player?.src).toBe('blob:muse-voice');
    expect(player).toHaveAttribute('aria-label', VOICE_TEXTS.hear('Mara Lind'));
  });

  it('uploads a recording with whose voice it is as multipart, then shows the cloned voice', async () => {
    const api = stubApi({
      'POST /api/influencers/:id/voice/recording': () => voiceAnswer(CLONED, 201),
    });
    renderPanel();
    const user = userEvent.setup({ applyAccept: false });
    const clone = await screen.findByRole('form', { name: VOICE_TEXTS.cloneHeading });
    // No microphone in this browser: the upload is the way.
    expect(within(clone).getByText(VOICE_TEXTS.noMicrophone)).toBeVisible();
    await user.upload(within(clone).getByLabelText(VOICE_TEXTS.upload), recording());
    expect(await within(clone).findByText(/0:45/)).toBeVisible();
    await user.click(within(clone).getByRole('radio', { name: VOICE_STATEMENT_LABELS.self }));
    await user.click(within(clone).getByRole('button', { name: VOICE_TEXTS.useRecording }));

    await waitFor(() =>
      expect(api.callsTo('POST /api/influencers/:id/voice/recording')).toHaveLength(1),
    );
    const form = api.callsTo('POST /api/influencers/:id/voice/recording')[0]!.body as FormData;
    expect(form.get('statement')).toBe('self');
    expect((form.get('recording') as File).name).toBe('me.wav');
    expect(form.get('document')).toBeNull();

    expect(await screen.findByText(VOICE_TEXTS.cloned)).toBeVisible();
    expect(screen.getByText(VOICE_TEXTS.stated)).toBeVisible();
    expect(screen.getByText(VOICE_TEXTS.recordingSample)).toBeVisible();
    expect(screen.getByText(/me\.wav/)).toHaveTextContent('me.wav · Length: 0:45');
    expect(screen.getByText(`‘${VOICE_STATEMENT_LABELS.self}’ on`, { exact: false })).toBeVisible();
  });

  it("refuses 'consent' without the document, and a recording under 30 seconds, before sending", async () => {
    const api = stubApi({
      'POST /api/influencers/:id/voice/recording': () => voiceAnswer(CLONED, 201),
    });
    renderPanel();
    const user = userEvent.setup({ applyAccept: false });
    const clone = await screen.findByRole('form', { name: VOICE_TEXTS.cloneHeading });
    await user.upload(within(clone).getByLabelText(VOICE_TEXTS.upload), recording());
    await within(clone).findByText(/0:45/);
    await user.click(within(clone).getByRole('radio', { name: VOICE_STATEMENT_LABELS.consent }));
    await user.click(within(clone).getByRole('button', { name: VOICE_TEXTS.useRecording }));
    expect(await within(clone).findByRole('alert')).toHaveTextContent(VOICE_TEXTS.documentNeeded);

    duration = 12;
    await user.upload(within(clone).getByLabelText(VOICE_TEXTS.upload), recording('short.wav'));
    expect(await within(clone).findByRole('alert')).toHaveTextContent(
      VOICE_TEXTS.recordingTooShort(12),
    );
    expect(api.callsTo('POST /api/influencers/:id/voice/recording')).toHaveLength(0);
  });

  it('goes back from a cloned voice to the stock voices with DELETE', async () => {
    const api = stubApi({
      'GET /api/influencers/:id/voice': () => voiceAnswer(CLONED),
      'DELETE /api/influencers/:id/voice': () => voiceAnswer(ARIA),
    });
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove the cloned voice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the cloned voice?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/influencers/:id/voice')).toHaveLength(1));
    expect(await screen.findByRole('radio', { name: /Aria \(current\)/ })).toBeChecked();
    expect(screen.queryByText(VOICE_TEXTS.cloned)).toBeNull();
  });

  it.each(['editor', 'viewer'] as const)(
    'lets a team %s hear the voice, and shows the edits to the roles that edit',
    async (role) => {
      const team = aTeamWorkspace({ role });
      localStorage.setItem(TOKEN_STORAGE_KEY, 'session-token');
      setOpenWorkspace(team.id);
      stubApi({ 'GET /api/workspaces': () => workspacesAnswer([aWorkspace(), team], team.id) });
      const { queryClient } = renderPanel();
      expect(
        await screen.findByRole('button', { name: VOICE_TEXTS.hear('Mara Lind') }),
      ).toBeEnabled();
      // The role is known once the workspaces are read.
      await waitFor(() =>
        expect(queryClient.getQueryState([...WORKSPACES_QUERY_KEY, 'user-1'])?.status).toBe(
          'success',
        ),
      );
      if (role === 'editor') {
        expect(await screen.findByRole('form', { name: VOICE_TEXTS.stockHeading })).toBeVisible();
        expect(screen.getByRole('form', { name: VOICE_TEXTS.cloneHeading })).toBeVisible();
      } else {
        expect(screen.getByText('Aria')).toBeVisible();
        expect(screen.queryByRole('form', { name: VOICE_TEXTS.stockHeading })).toBeNull();
        expect(screen.queryByRole('form', { name: VOICE_TEXTS.cloneHeading })).toBeNull();
      }
    },
  );
});
