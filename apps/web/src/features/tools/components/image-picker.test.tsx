import { TOOL_TEXTS, UPSCALE_MAX_INPUT_SIDE } from '@muse/shared';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImagePicker, type TPickedImage } from './image-picker';
import * as ScaleDown from './scale-down';

const { fitWithin } = ScaleDown;

// happy-dom decodes no images and has no canvas: the browser's decoder is stubbed with the
// sizes below, and the canvas redraw (scale-down.ts) is replaced by a file of the asked size.
const scaling = vi.hoisted(() => ({ scaleDownImage: vi.fn() }));
vi.mock('./scale-down', async (original) => ({
  ...(await original<typeof ScaleDown>()),
  scaleDownImage: scaling.scaleDownImage,
}));

const SIZES: Record<string, { width: number; height: number }> = {
  'portrait.jpg': { width: 1920, height: 1280 },
  'small.png': { width: 800, height: 600 },
};

function photo(name: string) {
  return new File([new Uint8Array(2048)], name, {
    type: name.endsWith('.png') ? 'image/png' : 'image/jpeg',
  });
}

beforeEach(() => {
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async (file: File) => ({ ...SIZES[file.name]!, close: () => {} })),
  );
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:muse-test');
  scaling.scaleDownImage.mockImplementation(
    async (file: File) => new File([new Uint8Array(512)], file.name, { type: file.type }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  scaling.scaleDownImage.mockReset();
});

/** The Upscale page's picker, keeping what it is given like the page does. */
function Upscale({ onChange }: { onChange: (image: TPickedImage | null) => void }) {
  const [value, setValue] = useState<TPickedImage | null>(null);
  return (
    <ImagePicker
      label="Image to upscale"
      buttonLabel="Choose an image"
      value={value}
      onChange={(image) => {
        onChange(image);
        setValue(image);
      }}
      blocked={false}
      onBlocked={() => {}}
      maxSide={{ pixels: UPSCALE_MAX_INPUT_SIDE, message: TOOL_TEXTS.upscaleTooLarge }}
    />
  );
}

async function pick(name: string) {
  const onChange = vi.fn();
  const { container } = render(<Upscale onChange={onChange} />);
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, photo(name));
  return onChange;
}

describe('the image picker of a tool with a size limit', () => {
  it('states the largest size it takes before anything is picked', () => {
    render(<Upscale onChange={() => {}} />);
    expect(
      screen.getByText('PNG, JPG or WEBP up to 10MB, at most 1024 × 1024 pixels'),
    ).toBeVisible();
  });

  it('offers to scale a 1920 × 1280 photo down to 1024 × 683, and continues with it', async () => {
    const onChange = await pick('portrait.jpg');
    expect(await screen.findByRole('alert')).toHaveTextContent(TOOL_TEXTS.upscaleTooLarge);
    expect(onChange).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Scale down to 1024 × 683' }));
    expect(scaling.scaleDownImage).toHaveBeenCalledWith(expect.any(File), {
      width: 1024,
      height: 683,
    });
    expect(await screen.findByRole('img', { name: 'Preview of portrait.jpg' })).toBeVisible();
    expect(screen.getByText('1024 × 683 · 1 KB')).toBeVisible();
    expect(onChange).toHaveBeenCalledWith(
      expect.objectContaining({ width: 1024, height: 683, file: expect.any(File) }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Scale down/ })).not.toBeInTheDocument();
  });

  it('says so when the browser cannot scale the photo down', async () => {
    scaling.scaleDownImage.mockRejectedValue(new Error('no canvas'));
    await pick('portrait.jpg');
    await userEvent.click(await screen.findByRole('button', { name: 'Scale down to 1024 × 683' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(TOOL_TEXTS.scaleDownFailed),
    );
    expect(screen.queryByRole('button', { name: /Scale down/ })).not.toBeInTheDocument();
  });

  it('takes a photo that fits as it is, with no offer', async () => {
    const onChange = await pick('small.png');
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ width: 800, height: 600 })),
    );
    expect(screen.queryByRole('button', { name: /Scale down/ })).not.toBeInTheDocument();
    expect(scaling.scaleDownImage).not.toHaveBeenCalled();
  });
});

describe('fitWithin', () => {
  it('keeps the aspect ratio at the largest size allowed', () => {
    expect(fitWithin({ width: 1920, height: 1280 }, 1024)).toEqual({ width: 1024, height: 683 });
    expect(fitWithin({ width: 1280, height: 1920 }, 1024)).toEqual({ width: 683, height: 1024 });
    expect(fitWithin({ width: 4000, height: 4000 }, 1024)).toEqual({ width: 1024, height: 1024 });
    expect(fitWithin({ width: 9000, height: 3 }, 1024)).toEqual({ width: 1024, height: 1 });
  });

  it('leaves a size that fits as it is', () => {
    expect(fitWithin({ width: 1024, height: 700 }, 1024)).toEqual({ width: 1024, height: 700 });
  });
});
