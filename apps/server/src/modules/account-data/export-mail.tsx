import { EXPORT_LINK_DAYS } from '@muse/shared';
import { MailAction, MailLayout, MailParagraph } from '../mail/layout';
import { renderMail, type TRenderedMail } from '../mail/render';

/** The mail with the link to an account's export, valid for 7 days (docs/product/data-rights.md). */
export async function exportReadyMail(props: {
  fullName: string;
  link: string;
  expiresAt: Date;
}): Promise<TRenderedMail & { subject: string }> {
  const until = props.expiresAt.toUTCString();
  const rendered = await renderMail(
    <MailLayout preview="A copy of your Muse data is ready to download.">
      <MailParagraph>Hi {props.fullName},</MailParagraph>
      <MailParagraph>
        The copy of your Muse data you asked for is ready: a ZIP file with your profile, your
        personas and their photos, your gallery, your posts, your sales and your credit history.
      </MailParagraph>
      <MailAction href={props.link} label="Download my data" />
      <MailParagraph>
        The link works for {EXPORT_LINK_DAYS} days, until {until}; then the file is deleted. Anyone
        with the link can download the file, so do not forward this e-mail. If you did not ask for
        it, change your password.
      </MailParagraph>
    </MailLayout>,
  );
  return { subject: 'Your Muse data is ready to download', ...rendered };
}
