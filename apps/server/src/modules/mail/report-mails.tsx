/**
 * The mails of reports and their outcomes (docs/product/reports-and-takedown.md): the reporter's
 * acknowledgement with the reference, the outcome told to the reporter and to the creator, and
 * the notice to a fan whose bought post Muse removed and refunded. None names the reporter to
 * the creator, and none carries an operator's note.
 */
import { INTIMATE_REPORT_HOURS, REPORT_REASON_LABELS, type TReportReason } from '@muse/shared';
import { MailAction, MailLayout, MailParagraph } from './layout';
import { renderMail, type TRenderedMail } from './render';

export type TReportMail = TRenderedMail & { subject: string };

/** What was reported: 'the page @ava.rose' or 'a post on the page @ava.rose'. */
export function reportedThing(report: { handle: string; postId: string | null }): string {
  return report.postId ? `a post on the page @${report.handle}` : `the page @${report.handle}`;
}

/** To the reporter, at once: the reference, and what happens next. */
export async function reportReceivedMail(props: {
  reference: string;
  reason: TReportReason;
  handle: string;
  postId: string | null;
  link: string;
}): Promise<TReportMail> {
  const rendered = await renderMail(
    <MailLayout preview={`Your report ${props.reference} reached Muse.`}>
      <MailParagraph>Hello,</MailParagraph>
      <MailParagraph>
        Thank you for your report of {reportedThing(props)} ({REPORT_REASON_LABELS[props.reason]}).
        Its reference number is {props.reference}: quote it if you write to us about it.
      </MailParagraph>
      <MailParagraph>
        {props.reason === 'intimate'
          ? `Reports of intimate images shared without consent are dealt with within ${INTIMATE_REPORT_HOURS} hours. `
          : ''}
        We write to you again once we have looked at it.
      </MailParagraph>
      <MailAction href={props.link} label="Open the reported page" />
    </MailLayout>,
  );
  return { subject: `Your report ${props.reference}`, ...rendered };
}

/** To the reporter: what Muse decided. */
export async function reportOutcomeForReporterMail(props: {
  reference: string;
  handle: string;
  postId: string | null;
  outcome: string;
}): Promise<TReportMail> {
  const rendered = await renderMail(
    <MailLayout preview={`Muse decided on your report ${props.reference}.`}>
      <MailParagraph>Hello,</MailParagraph>
      <MailParagraph>
        We have looked at your report {props.reference} of {reportedThing(props)}.
      </MailParagraph>
      <MailParagraph>{props.outcome}</MailParagraph>
      <MailParagraph>Thank you for helping keep Muse safe.</MailParagraph>
    </MailLayout>,
  );
  return { subject: `Your report ${props.reference}: our decision`, ...rendered };
}

/** To the creator: what was reported, why, and what Muse did. */
export async function reportOutcomeForCreatorMail(props: {
  fullName: string;
  reason: TReportReason;
  handle: string;
  postId: string | null;
  outcome: string;
  supportLink: string;
}): Promise<TReportMail> {
  const rendered = await renderMail(
    <MailLayout preview={`A report of ${reportedThing(props)} was decided.`}>
      <MailParagraph>Hi {props.fullName},</MailParagraph>
      <MailParagraph>
        Muse received a report of {reportedThing(props)} for &quot;
        {REPORT_REASON_LABELS[props.reason]}&quot;, and an operator looked at it.
      </MailParagraph>
      <MailParagraph>{props.outcome}</MailParagraph>
      <MailParagraph>
        If you think this is a mistake, write to Muse support and say which page or post it is
        about.
      </MailParagraph>
      <MailAction href={props.supportLink} label="Contact support" />
    </MailLayout>,
  );
  return { subject: `A report of @${props.handle} was decided`, ...rendered };
}

/** To a fan who bought a post that Muse removed: it is gone, and paid back in full. */
export async function postRemovedRefundMail(props: {
  fullName: string;
  influencerName: string;
  amount: string;
  testMode: boolean;
}): Promise<TReportMail> {
  const rendered = await renderMail(
    <MailLayout preview={`A post of ${props.influencerName} you bought was removed and refunded.`}>
      <MailParagraph>Hi {props.fullName},</MailParagraph>
      <MailParagraph>
        Muse removed a post of {props.influencerName} that you bought, after a report. It is no
        longer in your purchases.
      </MailParagraph>
      <MailParagraph>
        {props.testMode
          ? `It was bought on the TEST MODE checkout, so no money moved; the purchase of ${props.amount} is marked refunded in full.`
          : `We refunded the ${props.amount} you paid in full, to the card you paid with. Your bank may take a few days to show it.`}
      </MailParagraph>
    </MailLayout>,
  );
  return { subject: 'A post you bought was removed and refunded', ...rendered };
}
