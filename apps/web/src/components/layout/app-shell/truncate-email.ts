const VISIBLE_CHARACTERS = 10;

/** The footer shows the e-mail's first 10 characters plus '...'; a shorter one whole. */
export function truncateEmail(email: string): string {
  if (email.length <= VISIBLE_CHARACTERS) return email;
  return `${email.slice(0, VISIBLE_CHARACTERS)}...`;
}
