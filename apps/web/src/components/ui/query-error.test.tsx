import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryError } from './query-error';

describe('QueryError', () => {
  it("announces the screen's text and runs the query again on Try again", async () => {
    const refetch = vi.fn(() => Promise.resolve());
    render(
      <QueryError
        query={{ refetch, isFetching: false }}
        title="Your history could not be loaded."
        detail="Cannot reach Muse. Check your connection and try again."
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your history could not be loaded.');
    expect(alert).toHaveTextContent('Cannot reach Muse. Check your connection and try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('cannot be pressed again while the query runs', () => {
    render(
      <QueryError
        query={{ refetch: () => Promise.resolve(), isFetching: true }}
        title="The models could not be loaded."
      />,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
  });

  it('can be the heading of a page that has nothing else to show', () => {
    render(
      <QueryError
        query={{ refetch: () => Promise.resolve(), isFetching: false }}
        heading
        title="Your setup could not be loaded"
      />,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your setup could not be loaded' }),
    ).toBeVisible();
  });
});
