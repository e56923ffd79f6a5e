const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** "June 4, 2026" */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}
