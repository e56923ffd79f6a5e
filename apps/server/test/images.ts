import sharp from 'sharp';

/** A real PNG photo-like image: a gradient with a disc, `width`×`height`. */
export function makePng(width = 96, height = 64): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#f0a"/><stop offset="1" stop-color="#0af"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="30%" fill="#fc0"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A multipart form with text fields and files, as a browser would send it. */
export function multipartForm(
  fields: Record<string, string | string[]>,
  files: { field: string; name: string; type: string; data: Buffer }[] = [],
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  for (const file of files)
    form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return form;
}
