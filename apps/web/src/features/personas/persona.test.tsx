import {
  LIKENESS_TEXTS,
  PERSONA_PHOTOS,
  PERSONA_TEXTS,
  UPLOAD_TEXTS,
  ZPersonaResponse,
  ZSelfieMatchResponse,
  type TLikeness,
  type TPersona,
  type TPersonaPhoto,
} from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, reply } from '../../testing/fake-api';
import { LikenessPanel } from './components/likeness-panel';
import { PhotoTile } from './components/photo-tile';
import { TrainingPanel } from './components/training-panel';
import { sortPickedFiles } from './photo-files';

function photo(number: number, ok = true): TPersonaPhoto {
  return {
    id: `photo-${number}`,
    number,
    source: 'upload',
    url: `/api/files/p${number}.jpg`,
    thumbnail: `/api/files/p${number}-thumb.webp`,
    width: 512,
    height: 640,
    faces: ok ? 1 : 0,
    verdict: ok
      ? { ok: true, problems: [] }
      : {
          ok: false,
          problems: [
            {
              code: 'no-face',
              message: 'No face found: use a photo where the face is clearly visible',
            },
          ],
        },
    reference: false,
    createdAt: '2026-11-24T10:00:00.000Z',
  };
}

const STATED_AT = '2026-11-24T10:00:00.000Z';
const SYNTHETIC: TLikeness = {
  statement: 'synthetic',
  statedAt: STATED_AT,
  verified: false,
  verifiedAt: null,
  matchScore: null,
  document: null,
};

function persona(passing: number, likeness: TLikeness | null = SYNTHETIC): TPersona {
  return {
    influencerId: 'influencer-1',
    kind: 'custom',
    status: passing >= 10 ? 'ready-to-train' : 'needs-photos',
    ready: false,
    engine: 'local',
    trained: false,
    triggerWord: null,
    photos: Array.from({ length: passing }, (_, index) => photo(index + 1)),
    passing,
    canTrain: passing >= PERSONA_PHOTOS.minToTrain && !!likeness,
    scoreable: false,
    training: null,
    modelTokens: 2,
    likeness,
  };
}

function renderWithQueries(element: React.ReactNode) {
  return render(<QueryClientProvider client={new QueryClient()}>{element}</QueryClientProvider>);
}

const file = (name: string, bytes: number, type = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('persona photos', () => {
  it('shows a verdict in words and a remove button named after the photo', () => {
    const onRemove = vi.fn();
    render(
      <ul>
        <PhotoTile photo={photo(3, false)} onRemove={onRemove} removing={false} />
        <PhotoTile photo={photo(4)} onRemove={onRemove} removing={false} />
      </ul>,
    );
    expect(screen.getByText(/No face found/)).toBeVisible();
    expect(screen.getByText('Passes')).toBeVisible();
    screen.getByRole('button', { name: 'Remove photo 3' }).click();
    expect(onRemove).toHaveBeenCalledOnce();
  });

  it('refuses a 21st photo, an 11 MB file and a non-photo before sending anything', () => {
    const picked = [
      file('a.jpg', 10),
      file('big.jpg', 11 * 1024 * 1024),
      file('notes.txt', 5, 'text/plain'),
      file('b.heic', 10, ''),
    ];
    const { accepted, refused } = sortPickedFiles(picked, 18);
    expect(accepted.map((one) => one.name)).toEqual(['a.jpg', 'b.heic']);
    expect(refused).toEqual([
      { name: 'big.jpg', reason: UPLOAD_TEXTS.tooLarge },
      { name: 'notes.txt', reason: PERSONA_TEXTS.notAPhoto },
    ]);
    const full = sortPickedFiles([file('c.jpg', 10)], PERSONA_PHOTOS.max);
    expect(full).toEqual({
      accepted: [],
      refused: [{ name: 'c.jpg', reason: PERSONA_TEXTS.tooManyPhotos }],
    });
  });
});

describe('training panel', () => {
  it('keeps Start training disabled below 10 photos that pass', () => {
    renderWithQueries(<TrainingPanel persona={persona(9)} />);
    expect(screen.getByRole('button', { name: 'Start training' })).toBeDisabled();
    expect(screen.getByText('9 of 10 needed pass the checks')).toBeVisible();
  });

  it('enables it at 10 and says what it costs', () => {
    renderWithQueries(<TrainingPanel persona={persona(10)} />);
    expect(screen.getByRole('button', { name: 'Start training' })).toBeEnabled();
    expect(screen.getByText('Uses 1 influencer slot (2 unused)')).toBeVisible();
  });
});

describe('whose likeness', () => {
  it('waits for a statement before training, saying so', () => {
    renderWithQueries(<TrainingPanel persona={persona(10, null)} />);
    expect(screen.getByRole('button', { name: 'Start training' })).toBeDisabled();
    expect(screen.getByText(LIKENESS_TEXTS.statementNeeded)).toBeVisible();
  });

  it('offers the three statements and asks for the document with consent', async () => {
    const saved = vi.fn();
    fakeApi({
      'POST /api/influencers/:id/likeness': ({ body }) => {
        const form = body as FormData;
        saved(form.get('statement'), (form.get('document') as File | null)?.name);
        return reply(
          ZPersonaResponse,
          {
            success: true,
            persona: {
              ...persona(10),
              likeness: {
                ...SYNTHETIC,
                statement: 'consent',
                document: { name: 'consent.pdf', type: 'application/pdf' },
              },
            },
          },
          201,
        );
      },
    });
    const user = userEvent.setup();
    renderWithQueries(<LikenessPanel persona={{ ...persona(10), likeness: null }} />);
    for (const label of [
      'These photos are of me',
      'I have the written consent of the person shown',
      'These photos are of a synthetic person',
    ])
      expect(screen.getByRole('radio', { name: label })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save statement' })).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: /written consent/ }));
    await user.upload(
      screen.getByLabelText(LIKENESS_TEXTS.uploadDocument),
      new File(['%PDF-1.4'], 'consent.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save statement' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith('consent', 'consent.pdf'));
  });

  it('verifies ‘These photos are of me’ with an uploaded selfie, or says it does not match', async () => {
    fakeApi({
      'POST /api/influencers/:id/likeness/selfie': () =>
        reply(ZSelfieMatchResponse, {
          success: true,
          verified: false,
          matchScore: 4,
          persona: { ...persona(10), likeness: { ...SYNTHETIC, statement: 'self', matchScore: 4 } },
        }),
    });
    const user = userEvent.setup();
    const self = { ...SYNTHETIC, statement: 'self' as const };
    const { rerender } = renderWithQueries(
      <LikenessPanel persona={{ ...persona(10), likeness: self }} />,
    );
    expect(screen.getByText('‘These photos are of me’ on')).toBeVisible();
    expect(screen.getByRole('button', { name: LIKENESS_TEXTS.verifyWithSelfie })).toBeVisible();
    await user.upload(
      screen.getByLabelText(LIKENESS_TEXTS.uploadSelfie),
      new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByText(LIKENESS_TEXTS.selfieNoMatch)).toBeVisible();
    expect(screen.queryByText(LIKENESS_TEXTS.verified)).toBeNull();

    const verified = { ...self, verified: true, verifiedAt: STATED_AT, matchScore: 78 };
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <LikenessPanel persona={{ ...persona(10), likeness: verified }} />
      </QueryClientProvider>,
    );
    expect(screen.getByText(LIKENESS_TEXTS.verified)).toBeVisible();
    expect(screen.getByText(/78 \/ 100/)).toBeVisible();
    expect(screen.queryByRole('button', { name: LIKENESS_TEXTS.verifyWithSelfie })).toBeNull();
  });
});
