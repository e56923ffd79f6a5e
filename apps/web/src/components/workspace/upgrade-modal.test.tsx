import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { UpgradeModal } from './upgrade-modal';

function renderModal(type: 'influencer' | 'upscale' | null) {
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/influencers', element: <UpgradeModal type={type} onClose={onClose} /> },
      { path: '/credits', element: <h1>Get Credits</h1> },
    ],
    { initialEntries: ['/influencers'] },
  );
  render(<RouterProvider router={router} />);
  return { onClose, router };
}

describe('UpgradeModal', () => {
  it('names the limit that was reached and what to do', () => {
    renderModal('influencer');
    const dialog = screen.getByRole('dialog', { name: 'Influencer Limit Reached' });
    expect(dialog).toHaveAccessibleDescription(
      'You have reached the maximum number of influencers on your current plan. Upgrade to keep creating.',
    );
  });

  it('says which tool ran out for a tool limit', () => {
    renderModal('upscale');
    expect(screen.getByRole('dialog', { name: 'Upscale Limit Reached' })).toHaveTextContent(
      'maximum number of upscales',
    );
  });

  it('goes to the credits page and closes', async () => {
    const { onClose, router } = renderModal('influencer');
    await userEvent.click(screen.getByRole('link', { name: 'View Upgrade Plans' }));
    expect(router.state.location.pathname).toBe('/credits');
    expect(screen.getByRole('heading', { name: 'Get Credits' })).toBeVisible();
    expect(onClose).toHaveBeenCalled();
  });

  it('closes on Escape', async () => {
    const { onClose } = renderModal('influencer');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows nothing while no limit is reached', () => {
    renderModal(null);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
