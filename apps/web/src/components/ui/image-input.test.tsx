import { MAX_UPLOAD_BYTES } from '@muse/shared';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImageInput, type TImagePick } from './image-input';

const NOT_AN_IMAGE = 'Only image files (PNG, JPG, WEBP, GIF or AVIF) can be uploaded';
const TOO_LARGE = 'Images must be 10 MB or smaller';

function file(name: string, type: string, size = 1024): File {
  return new File([new Uint8Array(size)], name, { type });
}

/** The file chooser offers only the accepted types; the test picks past it, as a drop would. */
const user = () => userEvent.setup({ applyAccept: false });

function renderInput(multiple = false) {
  const onPick = vi.fn<(pick: TImagePick) => void>();
  render(
    <label>
      Photos
      <ImageInput onPick={onPick} multiple={multiple} />
    </label>,
  );
  return { input: screen.getByLabelText<HTMLInputElement>('Photos'), onPick };
}

describe('ImageInput', () => {
  it('offers the image types the server accepts', () => {
    const { input } = renderInput();
    expect(input).toHaveAttribute('type', 'file');
    expect(input.accept.split(',')).toEqual([
      'image/png',
      'image/jpeg',
      'image/webp',
      'image/gif',
      'image/avif',
    ]);
  });

  it('refuses a file that is not an image', async () => {
    const { input, onPick } = renderInput();
    await user().upload(input, file('notes.txt', 'text/plain'));
    expect(onPick).toHaveBeenCalledWith({ files: [], problem: NOT_AN_IMAGE });
  });

  it('refuses an image type the server does not take', async () => {
    const { input, onPick } = renderInput();
    await user().upload(input, file('scan.tiff', 'image/tiff'));
    expect(onPick).toHaveBeenCalledWith({ files: [], problem: NOT_AN_IMAGE });
  });

  it('refuses an image over the upload limit', async () => {
    const { input, onPick } = renderInput();
    await user().upload(input, file('huge.png', 'image/png', MAX_UPLOAD_BYTES + 1));
    expect(onPick).toHaveBeenCalledWith({ files: [], problem: TOO_LARGE });
  });

  it('accepts an image at the limit', async () => {
    const { input, onPick } = renderInput();
    const photo = file('luna.jpg', 'image/jpeg', MAX_UPLOAD_BYTES);
    await user().upload(input, photo);
    const [pick] = onPick.mock.lastCall ?? [];
    // Compared by identity: a deep comparison would read all 10 MB.
    expect(pick?.problem).toBeNull();
    expect(pick?.files).toHaveLength(1);
    expect(pick?.files[0]).toBe(photo);
  });

  it('takes one file unless it is multiple', async () => {
    const { input, onPick } = renderInput();
    const first = file('a.png', 'image/png');
    await user().upload(input, [first, file('b.png', 'image/png')]);
    expect(onPick).toHaveBeenCalledWith({ files: [first], problem: null });
  });

  it('in multiple mode keeps the good files and reports the first refusal', async () => {
    const { input, onPick } = renderInput(true);
    const front = file('front.png', 'image/png');
    const back = file('back.webp', 'image/webp');
    await user().upload(input, [front, file('notes.txt', 'text/plain'), back]);
    expect(onPick).toHaveBeenCalledWith({ files: [front, back], problem: NOT_AN_IMAGE });
  });

  it('counts the same file picked twice in a row', async () => {
    const { input, onPick } = renderInput();
    const photo = file('luna.png', 'image/png');
    await user().upload(input, photo);
    await user().upload(input, photo);
    expect(onPick).toHaveBeenCalledTimes(2);
  });
});
