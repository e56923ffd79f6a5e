import type { TGalleryItem, TPostItem } from '@muse/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PostMedia } from '../posts/post-media';
import { ContentCredentialsSection } from './content-credentials';

const SIGNED_AT = '2026-07-01T10:00:00.000Z';

function galleryItem(overrides: Partial<TGalleryItem> = {}): TGalleryItem {
  return {
    id: 'item-1',
    kind: 'image',
    url: '/api/files/item-1.png',
    thumbnailUrl: '/api/files/item-1-thumb.webp',
    width: 1024,
    height: 1024,
    contentType: 'image/png',
    fileName: 'item-1.png',
    durationSeconds: null,
    tool: 'upscale',
    productId: null,
    influencerId: null,
    influencerName: null,
    prompt: '',
    identityScore: null,
    scoreNote: null,
    engine: 'local',
    preview: true,
    jobId: null,
    credentials: {
      action: 'c2pa.edited',
      digitalSourceType:
        'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia',
      softwareAgent: 'Muse 0.1.0',
      engine: 'local',
      model: 'local',
      signedAt: SIGNED_AT,
      chain: [
        { action: 'c2pa.created', engine: 'local', model: 'local', signedAt: SIGNED_AT },
        { action: 'c2pa.edited', engine: 'local', model: 'local', signedAt: SIGNED_AT },
      ],
    },
    createdAt: SIGNED_AT,
    ...overrides,
  };
}

describe("the gallery item's Content Credentials", () => {
  it('say what made it, when, with which engine, and its chain of edits, oldest first', () => {
    render(<ContentCredentialsSection item={galleryItem()} />);
    const section = screen.getByRole('region', { name: 'Content Credentials' });
    expect(within(section).getByText('Muse 0.1.0')).toBeVisible();
    expect(within(section).getByText('Made with')).toBeVisible();
    expect(within(section).getByText('Offline preview engine')).toBeVisible();
    // The local engine's model is the engine itself: not said twice.
    expect(within(section).queryByText('Model')).toBeNull();
    expect(section.querySelector('time')).toHaveAttribute('dateTime', SIGNED_AT);
    const chain = within(section).getByRole('list', { name: 'Chain of edits' });
    expect(
      within(chain)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['Generated with Offline preview engine', '→Edited', '→Upscaled']);
  });

  it("names a hosted engine's model", () => {
    const item = galleryItem({
      tool: 'generate-image',
      engine: 'fal',
      credentials: {
        action: 'c2pa.created',
        digitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
        softwareAgent: 'Muse 0.1.0',
        engine: 'fal',
        model: 'fal-ai/flux/dev',
        signedAt: SIGNED_AT,
        chain: [],
      },
    });
    render(<ContentCredentialsSection item={item} />);
    expect(screen.getByText('fal-ai/flux/dev')).toBeVisible();
    expect(screen.getByRole('listitem')).toHaveTextContent('Generated with fal.ai');
  });

  it('say so when the item was made before Muse signed its outputs', () => {
    render(<ContentCredentialsSection item={galleryItem({ credentials: null })} />);
    expect(
      screen.getByText('No Content Credentials (made before Muse signed its outputs)'),
    ).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe("a post item's Content Credentials badge", () => {
  const postItem = (credentials: boolean): TPostItem => ({
    id: 'post-item-1',
    kind: 'image',
    width: 800,
    height: 1000,
    durationSeconds: null,
    contentType: 'image/png',
    preview: false,
    credentials,
    blurredUrl: '/api/files/blur.webp',
    thumbnailUrl: '/api/files/thumb.webp',
    url: '/api/files/original.png',
  });

  it('shows on a signed item only, saying it carries C2PA Content Credentials', () => {
    const { rerender } = render(
      <PostMedia item={postItem(true)} index={0} count={1} influencerName="Ava" fit="cover" />,
    );
    const badge = screen.getByTitle('This file carries C2PA Content Credentials');
    expect(badge).toHaveTextContent('Carries C2PA Content Credentials');
    expect(within(badge).getByText('Carries C2PA')).toHaveClass('sr-only');
    rerender(
      <PostMedia item={postItem(false)} index={0} count={1} influencerName="Ava" fit="cover" />,
    );
    expect(screen.queryByTitle('This file carries C2PA Content Credentials')).toBeNull();
  });
});
