import { render } from '@react-email/components';
import type { ReactElement } from 'react';

export type TRenderedMail = { html: string; text: string };

/**
 * A mail's HTML and its plain-text alternative, both from the same components
 * (docs/decisions/0033-html-mail.md): the text keeps every paragraph and the bare links, so a
 * client without HTML, and the local mailbox's link list, read the same mail.
 */
export async function renderMail(element: ReactElement): Promise<TRenderedMail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text: text.trim() };
}
