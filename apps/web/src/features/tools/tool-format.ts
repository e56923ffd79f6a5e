/** '512 × 512' */
export function formatSize({ width, height }: { width: number; height: number }): string {
  return `${width} × ${height}`;
}

/** '1.4 MB', '320 KB' */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** 'WEBP' for 'image/webp', 'JPG' for 'image/jpeg'. */
export function formatLabel(contentType: string): string {
  const subtype = contentType.split('/')[1] ?? contentType;
  return subtype === 'jpeg' ? 'JPG' : subtype.toUpperCase();
}

/** '22 Nov, 18:06' in the reader's locale. */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}
