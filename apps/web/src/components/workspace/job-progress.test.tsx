import type { TJob } from '@muse/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JobFailure } from './job-failure';
import { JobProgress } from './job-progress';

function job(overrides: Partial<TJob>): TJob {
  return {
    id: 'job-1',
    tool: 'upscale',
    status: 'running',
    progress: 0,
    stage: '',
    options: {},
    input: null,
    outputs: [],
    prompt: null,
    draft: null,
    cost: 6,
    failureReason: null,
    engine: 'local',
    preview: false,
    details: {},
    createdAt: '2026-11-24T06:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

describe('JobProgress', () => {
  it('shows the percentage and the stage of a running job', () => {
    render(
      <JobProgress
        job={job({ progress: 42.4, stage: 'Upscaling tile 3 of 12' })}
        label="Upscale progress"
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Upscale progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar).toHaveAttribute('aria-valuetext', '42%, Upscaling tile 3 of 12');
    expect(screen.getByText('42%')).toBeVisible();
    expect(screen.getByText('Upscaling tile 3 of 12')).toBeVisible();
  });

  it('says a queued job waits for a worker until the worker names a stage', () => {
    render(<JobProgress job={job({ status: 'queued' })} label="Edit progress" />);
    expect(screen.getByText('Waiting for its turn')).toBeVisible();
    expect(screen.getByText('0%')).toBeVisible();
  });

  it('keeps the percentage between 0 and 100', () => {
    render(<JobProgress job={job({ progress: 130, stage: 'Writing' })} label="Edit progress" />);
    expect(screen.getByRole('progressbar', { name: 'Edit progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
  });

  it('shows a finished job as Done at 100%', () => {
    render(
      <JobProgress
        job={job({ status: 'succeeded', progress: 97, stage: 'Encoding' })}
        label="Upscale progress"
      />,
    );
    expect(screen.getByText('Done')).toBeVisible();
    expect(screen.getByText('100%')).toBeVisible();
    expect(screen.queryByText('Encoding')).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Upscale progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
  });
});

describe('JobFailure', () => {
  it('says the job failed, why, and that its credits came back', () => {
    render(
      <JobFailure
        job={job({ status: 'failed', failureReason: 'The image could not be read.', cost: 6 })}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This job failed');
    expect(alert).toHaveTextContent('The image could not be read.');
    expect(alert).toHaveTextContent('Your 6 credits were refunded.');
  });

  it('does not repeat the refund when the reason already tells it', () => {
    render(
      <JobFailure
        job={job({
          status: 'failed',
          failureReason: 'The worker stopped; your credits were refunded.',
        })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The worker stopped; your credits were refunded.',
    );
    expect(screen.getAllByText(/refunded/)).toHaveLength(1);
  });

  it('gives a reason when the server gave none', () => {
    render(<JobFailure job={job({ status: 'failed' })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The job could not be finished.');
  });
});
