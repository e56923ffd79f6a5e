import {
  toolRecord,
  VIDEO_TEXTS,
  VIDEO_UPLOAD,
  videoTooLongText,
  type TJob,
  type TPlanKey,
  type TProduct,
  ZEnginesResponse,
  ZGalleryResponse,
  ZInfluencersResponse,
  ZJobResponse,
  ZJobsResponse,
} from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply } from '../../testing/fake-api';
import { anInfluencer, dashboardAnswer } from '../../testing/answers';
import { ProductShotDialog } from './components/product-shot-dialog';
import { FaceSwapPage } from './face-swap-page';
import { GenerateImagePage } from './generate-image-page';
import { GenerateVideoPage } from './generate-video-page';

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ user: { id: 'user-1' } }) }));

const PERSONA_ID = '6f1c2f0e-4a43-4c47-9a53-0c0f8a4f8a11';
const PRODUCT_ID = '0b8f1a52-3f7e-4a5e-8d0e-7a3c2b1d9e44';

const influencer = (ready = true) => anInfluencer({ id: PERSONA_ID, ready });

const product: TProduct = {
  id: PRODUCT_ID,
  name: 'Linen Tote',
  description: 'A bag',
  link: '',
  images: [{ id: 'img-1', url: '/api/files/tote.jpg', thumbnail: '/api/files/tote-thumb.webp' }],
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
};

function shotJob(): TJob {
  return {
    id: 'job-shot',
    tool: 'product-shot',
    status: 'succeeded',
    progress: 100,
    stage: 'Done',
    options: { productId: PRODUCT_ID, influencerId: PERSONA_ID, prompt: 'at a café' },
    input: null,
    outputs: [
      {
        url: '/api/files/shot.jpg',
        width: 816,
        height: 1024,
        contentType: 'image/jpeg',
        fileName: 'muse-product-shot.jpg',
        galleryId: 'g-shot',
        identityScore: 81,
        scoreNote: null,
      },
    ],
    prompt: null,
    draft: null,
    cost: 0,
    failureReason: null,
    engine: 'local',
    preview: true,
    details: {},
    createdAt: '2026-11-24T10:00:00.000Z',
    finishedAt: '2026-11-24T10:00:10.000Z',
  };
}

/** The API the pages read, answered in memory; every POST /api/jobs body is kept. */
function stubApi(plan: TPlanKey | null) {
  const api = fakeApi({
    'GET /api/users/dashboard': () =>
      dashboardAnswer({
        plan,
        planLabel: plan ?? 'FREE',
        credits: 500,
        modelTokens: 1,
        influencers: { used: 1, limit: 1 },
        products: { used: 1, limit: 5 },
      }),
    'GET /api/jobs/engines': () =>
      reply(ZEnginesResponse, {
        success: true,
        engines: toolRecord(() => 'local'),
        generativeEdits: false,
        previews: ['generate-image', 'generate-video', 'face-swap', 'product-shot'],
        text: { engine: 'local', preview: true },
      }),
    'GET /api/influencers': () =>
      reply(ZInfluencersResponse, {
        success: true,
        influencers: [influencer()],
        used: 1,
        limit: 1,
        nextCursor: null,
      }),
    'GET /api/gallery': () =>
      reply(ZGalleryResponse, { success: true, items: [], nextCursor: null }),
    'GET /api/jobs': () => reply(ZJobsResponse, { success: true, jobs: [], nextCursor: null }),
    'POST /api/jobs': () => reply(ZJobResponse, { success: true, job: shotJob() }, 201),
  });
  return { posted: () => api.callsTo('POST /api/jobs').map((call) => call.body as FormData) };
}

function renderWithApp(element: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Generate Video', () => {
  it("shows 'Upgrade Required' to a Builder account, with face swap offered beside it", async () => {
    stubApi('builder');
    renderWithApp(<GenerateVideoPage />);
    expect(await screen.findByRole('heading', { name: VIDEO_TEXTS.upgradeRequired })).toBeVisible();
    expect(screen.getByText(VIDEO_TEXTS.upgradeNote)).toBeVisible();
    expect(screen.getByRole('link', { name: VIDEO_TEXTS.upgradeNow })).toHaveAttribute(
      'href',
      '/credits',
    );
    expect(screen.getByRole('link', { name: /Video Face Swap/ })).toHaveAttribute(
      'href',
      '/face-swap',
    );
    expect(screen.queryByRole('form', { name: 'Generate a video' })).not.toBeInTheDocument();
  });

  it('shows the form to a Launch account, free while the offline engine makes previews', async () => {
    stubApi('launch');
    renderWithApp(<GenerateVideoPage />);
    const form = await screen.findByRole('form', { name: 'Generate a video' });
    expect(screen.queryByText(VIDEO_TEXTS.upgradeRequired)).not.toBeInTheDocument();
    const source = within(form).getByRole('group', { name: 'Still to animate' });
    expect(within(source).getByRole('radio', { name: 'From the gallery' })).toBeChecked();
    expect(within(source).getByRole('radio', { name: "Persona's photo" })).toBeVisible();
    expect(within(source).getByRole('radio', { name: 'Upload' })).toBeVisible();
    expect(within(form).getByLabelText('Describe the motion')).toBeVisible();
    expect(within(form).getByRole('radio', { name: '10 seconds' })).toBeVisible();
    expect(within(form).getByRole('radio', { name: '16:9' })).toBeVisible();
    expect(await within(form).findByText(VIDEO_TEXTS.offlineVideoNote)).toBeVisible();
    expect(
      within(form).getByRole('button', { name: 'Generate Video (Offline preview, free)' }),
    ).toBeEnabled();
  });
});

describe('the way to the gallery', () => {
  it('promises no identity score while the tools make Offline previews, which carry none', async () => {
    stubApi('launch');
    const video = renderWithApp(<GenerateVideoPage />);
    expect(
      await screen.findByText('Every video you make is kept in your gallery, beside your images.'),
    ).toBeVisible();
    expect(screen.queryByText(/identity score/)).not.toBeInTheDocument();
    video.unmount();

    renderWithApp(<GenerateImagePage />);
    expect(
      await screen.findByText(
        'Every image you generate is kept in your gallery, ready to upscale, edit or turn into a prompt.',
      ),
    ).toBeVisible();
  });
});

describe('the face swap clip check', () => {
  // The metadata a <video> element would read from the clip, faked on the element itself.
  let metadata = { duration: 0, width: 1280, height: 720 };
  const restore: (() => void)[] = [];

  function fake<K extends 'src' | 'duration' | 'videoWidth' | 'videoHeight'>(
    name: K,
    descriptor: PropertyDescriptor,
  ) {
    const proto = HTMLVideoElement.prototype;
    const own = Object.getOwnPropertyDescriptor(proto, name);
    Object.defineProperty(proto, name, { configurable: true, ...descriptor });
    restore.push(() => {
      if (own) Object.defineProperty(proto, name, own);
      else Reflect.deleteProperty(proto, name);
    });
  }

  beforeEach(() => {
    fake('duration', { get: () => metadata.duration });
    fake('videoWidth', { get: () => metadata.width });
    fake('videoHeight', { get: () => metadata.height });
    fake('src', {
      get: () => '',
      set(this: HTMLVideoElement) {
        setTimeout(() => this.dispatchEvent(new Event('loadedmetadata')), 0);
      },
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:muse-test');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  });

  afterEach(() => {
    vi.restoreAllMocks();
    for (const undo of restore.splice(0)) undo();
  });

  async function pickClip(file: File) {
    stubApi('builder');
    renderWithApp(<FaceSwapPage />);
    await screen.findByText(VIDEO_TEXTS.offlineSwapNote);
    const input = screen.getByLabelText(`Video (up to ${VIDEO_UPLOAD.maxSeconds} seconds)`, {
      selector: 'input',
    });
    await waitFor(() => expect(input).toBeEnabled());
    await userEvent.setup({ applyAccept: false }).upload(input, file);
  }

  it('refuses a clip over 30 seconds from its metadata, before any upload', async () => {
    metadata = { duration: 61.4, width: 1280, height: 720 };
    await pickClip(new File([new Uint8Array(2048)], 'long.mp4', { type: 'video/mp4' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(videoTooLongText(61.4));
    expect(screen.queryByLabelText('Preview of long.mp4')).not.toBeInTheDocument();
  });

  it('refuses a file that is not MP4, MOV or WEBM at once', async () => {
    metadata = { duration: 4, width: 1280, height: 720 };
    await pickClip(new File([new Uint8Array(2048)], 'clip.avi', { type: 'video/x-msvideo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(VIDEO_TEXTS.videoWrongType);
  });

  it('takes a short clip and shows its preview', async () => {
    metadata = { duration: 4, width: 1280, height: 720 };
    await pickClip(new File([new Uint8Array(2048)], 'short.mp4', { type: 'video/mp4' }));
    expect(await screen.findByLabelText('Preview of short.mp4')).toBeInTheDocument();
    expect(screen.getByText(/0:04 · 1280 × 720/)).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the product shot dialog', () => {
  it('sends the product, the persona, the scene and the aspect ratio, and shows the shot', async () => {
    const { posted } = stubApi('builder');
    const onLimit = vi.fn();
    renderWithApp(<ProductShotDialog product={product} onClose={vi.fn()} onLimit={onLimit} />);
    const dialog = await screen.findByRole('dialog', { name: 'Product shot: Linen Tote' });
    const persona = await within(dialog).findByRole('radio', { name: /Mara Lind/ });
    await waitFor(() => expect(persona).toBeChecked());
    expect(within(dialog).queryByRole('radio', { name: /No influencer/ })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Describe the scene'), 'at a sunny café');
    await user.click(within(dialog).getByRole('radio', { name: '1:1' }));
    const submit = await within(dialog).findByRole('button', {
      name: 'Generate Product Shot (Offline preview, free)',
    });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    await waitFor(() => expect(posted()).toHaveLength(1));
    const body = posted()[0]!;
    expect(Object.fromEntries(body.entries())).toEqual({
      tool: 'product-shot',
      productId: PRODUCT_ID,
      influencerId: PERSONA_ID,
      prompt: 'at a sunny café',
      aspectRatio: '1:1',
    });
    expect(onLimit).not.toHaveBeenCalled();
    expect(await within(dialog).findByRole('img', { name: 'Product shot' })).toBeVisible();
    expect(within(dialog).getByText(/Identity 81/)).toBeVisible();
    expect(within(dialog).getByText('Offline preview')).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/files/shot.jpg',
    );
  });
});
