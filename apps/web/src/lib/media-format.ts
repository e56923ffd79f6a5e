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

/** '0:05', '1:30': a clip's length as players show it. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * A tool's button while its offline engine makes free previews: the price in brackets gives way
 * to 'Offline preview, free' ('Swap Face (50 credits)' → 'Swap Face (Offline preview, free)').
 */
export function previewButtonLabel(label: string, suffix: string): string {
  const bracket = label.lastIndexOf(' (');
  return `${bracket === -1 ? label : label.slice(0, bracket)} (${suffix})`;
}
