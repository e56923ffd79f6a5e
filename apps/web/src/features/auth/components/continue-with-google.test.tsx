import { AUTH_TEXTS, ZPublicConfig } from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, reply } from '../../../testing/fake-api';
import { ContinueWithGoogle } from './continue-with-google';

/** GET /api/config answers once `answer` is called, with Google sign-in on or off. */
function stubConfig() {
  let answer: (googleSignIn: boolean) => void = () => {};
  const answered = new Promise<boolean>((resolve) => (answer = resolve));
  fakeApi({
    'GET /api/config': async () =>
      reply(ZPublicConfig, {
        success: true,
        googleSignIn: await answered,
        supportEmail: 'support@muse.test',
      }),
  });
  return (googleSignIn: boolean) => answer(googleSignIn);
}

function renderButton(onError = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <p>The e-mail form</p>
      <ContinueWithGoogle onStart={() => {}} onError={onError} describeException={String} />
    </QueryClientProvider>,
  );
  return onError;
}

const googleButton = () => screen.queryByRole('button', { name: 'Continue with Google' });

describe("'Continue with Google'", () => {
  it('shows with its divider while the server has not said, and stays when Google is set up', async () => {
    const answer = stubConfig();
    renderButton();
    expect(googleButton()).toBeVisible();
    expect(screen.getByText('or')).toBeVisible();
    answer(true);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await screen.findByRole('button', { name: 'Continue with Google' });
    expect(screen.getByText('or')).toBeVisible();
  });

  it('is hidden, divider and all, when the server has no Google sign-in', async () => {
    const answer = stubConfig();
    renderButton();
    answer(false);
    await waitFor(() => expect(googleButton()).not.toBeInTheDocument());
    expect(screen.queryByText('or')).not.toBeInTheDocument();
    expect(screen.getByText('The e-mail form')).toBeVisible();
  });

  it('clicked before the answer, it says Google sign-in is not set up instead of leaving', async () => {
    const answer = stubConfig();
    const onError = renderButton();
    await userEvent.click(googleButton()!);
    answer(false);
    await waitFor(() => expect(onError).toHaveBeenCalledWith(AUTH_TEXTS.googleUnavailable));
  });
});
