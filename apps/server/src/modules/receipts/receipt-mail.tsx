import { formatCents } from '@muse/shared';
import { Section, Text } from '@react-email/components';
import { MailAction, MailLayout, MailParagraph } from '../mail/layout';
import { renderMail, type TRenderedMail } from '../mail/render';

export type TReceiptMail = TRenderedMail & { subject: string };

const label = { color: '#71717a', fontSize: '13px', lineHeight: '20px', margin: 0 };
const value = {
  color: '#18181b',
  fontSize: '15px',
  fontWeight: 600,
  lineHeight: '22px',
  margin: '0 0 12px',
};
const box = {
  backgroundColor: '#fafafa',
  border: '1px solid #e4e4e7',
  borderRadius: '8px',
  margin: '8px 0 16px',
  padding: '16px 16px 4px',
};

/** 'November 28, 2026': receipts are dated in UTC, the same for every reader. */
export function receiptDate(date: Date): string {
  return `${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date)} (UTC)`;
}

/** The number a customer quotes to support: the receipt's id, short. */
export const receiptNumber = (id: string) =>
  `MUSE-${id.replaceAll('-', '').slice(0, 10).toUpperCase()}`;

function Line({ name, children }: { name: string; children: string }) {
  return (
    <>
      <Text style={label}>{name}</Text>
      <Text style={value}>{children}</Text>
    </>
  );
}

/**
 * The receipt of one payment (docs/product/plans-and-credits.md, "Receipts"): what was bought,
 * what was charged, when, the receipt's number, the way to what was bought and where to ask for
 * help. A TEST MODE payment says that no money moved.
 */
export async function receiptMail(props: {
  fullName: string;
  id: string;
  description: string;
  amountCents: number;
  currency: string;
  provider: 'stripe' | 'test';
  paidAt: Date;
  link: { href: string; label: string };
  supportEmail: string;
}): Promise<TReceiptMail> {
  const amount = `${formatCents(props.amountCents)} ${props.currency.toUpperCase()}`;
  const number = receiptNumber(props.id);
  const testMode = props.provider === 'test';
  const rendered = await renderMail(
    <MailLayout preview={`${amount} paid for ${props.description}.`}>
      <MailParagraph>Hi {props.fullName},</MailParagraph>
      <MailParagraph>
        {testMode
          ? 'Thank you for your purchase on Muse. It was paid on the TEST MODE checkout: no money was taken.'
          : 'Thank you for your purchase on Muse. This is your receipt.'}
      </MailParagraph>
      <Section style={box}>
        <Line name="Item">{props.description}</Line>
        <Line name="Amount paid">{testMode ? `${amount} (TEST MODE)` : amount}</Line>
        <Line name="Date">{receiptDate(props.paidAt)}</Line>
        <Line name="Paid with">
          {testMode ? 'TEST MODE checkout, no real payment' : 'Stripe (card or PayPal)'}
        </Line>
        <Line name="Receipt number">{number}</Line>
      </Section>
      <MailAction href={props.link.href} label={props.link.label} />
      <MailParagraph>
        Questions about this payment, or something not right? Write to {props.supportEmail} and
        quote the receipt number {number}.
      </MailParagraph>
    </MailLayout>,
  );
  return { subject: `Your Muse receipt: ${props.description}`, ...rendered };
}
