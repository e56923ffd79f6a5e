import { GENERATE_TEXTS, TOOL_TEXTS, type TJob, type TJobFile } from '@muse/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { GenerationCard } from './components/generate/generation-card';
import { PersonaPicker } from './components/generate/persona-picker';
import { anInfluencer } from '../../testing/answers';

function job(overrides: Partial<TJob>): TJob {
  return {
    id: 'job-1',
    tool: 'generate-image',
    status: 'running',
    progress: 40,
    stage: 'Cutting out the persona',
    options: { prompt: 'on a beach', influencerId: 'inf-1' },
    input: null,
    outputs: [],
    prompt: null,
    draft: null,
    cost: 0,
    failureReason: null,
    engine: 'local',
    preview: true,
    details: {},
    createdAt: '2026-11-24T10:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

const influencer = (id: string, name: string, ready: boolean) => anInfluencer({ id, name, ready });

/** A finished generation: its one image, in the gallery as `g-1`, with `output`'s score. */
const finished = (output: Pick<TJobFile, 'identityScore' | 'scoreNote'>) =>
  job({
    status: 'succeeded',
    outputs: [
      {
        url: '/api/files/out.jpg',
        width: 816,
        height: 1024,
        contentType: 'image/jpeg',
        fileName: 'muse-generated-7.jpg',
        galleryId: 'g-1',
        ...output,
      },
    ],
  });

describe('a generation card', () => {
  it('shows progress while the image is made', () => {
    render(<GenerationCard job={job({})} number={2} onOpen={vi.fn()} />);
    expect(screen.getByRole('progressbar', { name: 'Image 2 progress' })).toBeVisible();
    expect(screen.getByText('Cutting out the persona')).toBeVisible();
  });

  it('shows the image, its identity score and the Offline preview label when done', () => {
    const onOpen = vi.fn();
    render(
      <GenerationCard
        job={finished({ identityScore: 88, scoreNote: null })}
        number={1}
        onOpen={onOpen}
      />,
    );
    expect(screen.getByRole('img', { name: 'Generated image 1' })).toBeVisible();
    expect(screen.getByText(/Identity 88/)).toBeVisible();
    expect(screen.getByText(GENERATE_TEXTS.offlinePreview)).toBeVisible();
    screen.getByRole('button', { name: 'Open image 1 large' }).click();
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'g-1', identityScore: 88 }));
  });

  it("hands the viewer the persona's name, so the large view says whose image it is", () => {
    const onOpen = vi.fn();
    render(
      <GenerationCard
        job={finished({ identityScore: null, scoreNote: GENERATE_TEXTS.previewNotScored })}
        number={1}
        influencerName="Aiko Tan"
        onOpen={onOpen}
      />,
    );
    screen.getByRole('button', { name: 'Open image 1 large' }).click();
    expect(onOpen).toHaveBeenCalledWith(
      expect.objectContaining({ influencerId: 'inf-1', influencerName: 'Aiko Tan' }),
    );
  });

  it('shows why an image failed', () => {
    render(
      <GenerationCard
        job={job({ status: 'failed', failureReason: TOOL_TEXTS.engineFailed })}
        number={1}
        onOpen={vi.fn()}
      />,
    );
    expect(screen.getByText(TOOL_TEXTS.engineFailed)).toBeVisible();
  });
});

describe('the persona picker', () => {
  it('offers ready personas and no persona; one not ready links to its page', () => {
    const onChange = vi.fn();
    render(
      <MemoryRouter>
        <PersonaPicker
          influencers={[influencer('a', 'Mara', true), influencer('b', 'Jun', false)]}
          value="a"
          onChange={onChange}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('radio', { name: /Mara/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Jun/ })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Open Jun' })).toHaveAttribute(
      'href',
      '/influencers/b',
    );
    screen.getByRole('radio', { name: GENERATE_TEXTS.withoutPersona }).click();
    expect(onChange).toHaveBeenCalledWith('');
  });
});
