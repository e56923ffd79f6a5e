import {
  DRAFT_TEXTS,
  ZEnginesResponse,
  ZJobResponse,
  ZVoiceProfileResponse,
  toolRecord,
  type TJob,
  type TVoiceProfile,
} from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply } from '../../testing/fake-api';
import { WritingVoicePanel } from './components/writing-voice-panel';

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ user: { id: 'user-1' } }) }));

const PERSONA_ID = '6f1c2f0e-4a43-4c47-9a53-0c0f8a4f8a11';
const DRAFTED: TVoiceProfile = {
  tone: 'confident, playful and witty',
  uses: ['obsessed', 'save this look'],
  avoids: ['cheap'],
  emoji: 'few',
  language: 'en',
};

const written = (profile: TVoiceProfile): TJob => ({
  id: 'job-profile',
  tool: 'write-text',
  status: 'succeeded',
  progress: 100,
  stage: 'Done',
  options: {},
  input: null,
  outputs: [],
  prompt: null,
  draft: { kind: 'voice-profile', profile },
  cost: 0,
  failureReason: null,
  engine: 'local',
  preview: true,
  details: {},
  createdAt: '2026-12-03T10:00:00.000Z',
  finishedAt: '2026-12-03T10:00:00.000Z',
});

function renderPanel() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <WritingVoicePanel influencerId={PERSONA_ID} name="Mara Lind" />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the writing voice', () => {
  it('drafts a profile from the bio, labelled, and saves it as edited', async () => {
    const api = fakeApi({
      'GET /api/influencers/:id/voice-profile': () =>
        reply(ZVoiceProfileResponse, { success: true, profile: null }),
      'GET /api/jobs/engines': () =>
        reply(ZEnginesResponse, {
          success: true,
          engines: toolRecord(() => 'local'),
          generativeEdits: false,
          previews: [],
          text: { engine: 'local', preview: true },
        }),
      'POST /api/drafts': () => reply(ZJobResponse, { success: true, job: written(DRAFTED) }, 201),
      'PUT /api/influencers/:id/voice-profile': ({ body }) =>
        reply(ZVoiceProfileResponse, { success: true, profile: body as TVoiceProfile }),
    });
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Writing voice' });
    await userEvent.click(
      await within(panel).findByRole('button', { name: DRAFT_TEXTS.draftProfile }),
    );
    expect(within(panel).getByLabelText('Tone')).toHaveValue(DRAFTED.tone);
    expect(within(panel).getByLabelText('Words it uses')).toHaveValue('obsessed, save this look');
    expect(within(panel).getByText(DRAFT_TEXTS.offlineNote('Mara Lind'))).toBeVisible();
    expect(api.callsTo('POST /api/drafts')[0]?.body).toEqual({
      kind: 'voice-profile',
      influencerId: PERSONA_ID,
    });

    await userEvent.clear(within(panel).getByLabelText('Words it avoids'));
    await userEvent.type(within(panel).getByLabelText('Words it avoids'), 'cheap, basic,');
    await userEvent.selectOptions(within(panel).getByLabelText('Emoji'), 'none');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save writing voice' }));
    expect(api.callsTo('PUT /api/influencers/:id/voice-profile')[0]?.body).toEqual({
      ...DRAFTED,
      avoids: ['cheap', 'basic'],
      emoji: 'none',
    });
  });

  it('names what is wrong under its field before anything is sent', async () => {
    const api = fakeApi(
      {
        'GET /api/influencers/:id/voice-profile': () =>
          reply(ZVoiceProfileResponse, { success: true, profile: null }),
      },
      { unlisted: 'not-found' },
    );
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Writing voice' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Save writing voice' }));
    expect(within(panel).getByText('Describe the tone in a few words')).toBeVisible();
    expect(within(panel).getByLabelText('Tone')).toHaveFocus();
    expect(api.callsTo('PUT /api/influencers/:id/voice-profile')).toEqual([]);
  });
});
