import { TOOL_TEXTS } from '@muse/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TToolAccess } from '../use-tool-access';
import { CostNote } from './cost-note';

const access: TToolAccess = {
  ready: true,
  allowed: true,
  reason: null,
  cost: 10,
  balance: 75,
  preview: false,
};

describe('the cost beside a tool button', () => {
  it('says that the gems a button names are credits, where it names them', () => {
    const { unmount } = render(<CostNote access={access} gems />);
    expect(screen.getByText('Costs 10 credits')).toBeVisible();
    expect(screen.getByText(TOOL_TEXTS.gemsAreCredits)).toBeVisible();
    expect(TOOL_TEXTS.gemsAreCredits).toBe('1 gem = 1 credit');
    unmount();

    render(<CostNote access={access} />);
    expect(screen.queryByText(TOOL_TEXTS.gemsAreCredits)).toBeNull();
  });
});
