import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IdentityBadge } from './identity-badge';

describe('the identity badge', () => {
  it('says the score in words, or why there is none', () => {
    const { rerender } = render(<IdentityBadge score={91} />);
    expect(screen.getByText(/unmistakably the persona/)).toBeInTheDocument();
    rerender(<IdentityBadge score={null} note="No face found" />);
    expect(screen.getByText('No identity score: No face found')).toBeVisible();
  });
});
