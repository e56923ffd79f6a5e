import { and, eq, isNull } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { receipts, users } from '../../db/schema';
import type { TMailer } from '../mail/mailer';
import { receiptMail } from './receipt-mail';

export type TReceiptMailContext = { mailer: TMailer; publicUrl: string };

const LINK_LABELS = { post: 'View your post', plan: 'Manage your plan' } as const;

/**
 * Runs one message of the receipt task: mails the receipt to the account's address now, once
 * (a receipt already sent is not sent again when the queue runs the message a second time).
 */
export async function sendReceipt(
  db: TDatabase,
  { mailer, publicUrl }: TReceiptMailContext,
  receiptId: string,
): Promise<void> {
  const [row] = await db
    .select({ receipt: receipts, email: users.email, fullName: users.fullName })
    .from(receipts)
    .innerJoin(users, eq(users.id, receipts.userId))
    .where(and(eq(receipts.id, receiptId), isNull(receipts.sentAt)));
  if (!row) return;
  const { receipt } = row;
  const mail = await receiptMail({
    fullName: row.fullName,
    id: receipt.id,
    description: receipt.description,
    amountCents: receipt.amountCents,
    currency: receipt.currency,
    provider: receipt.provider,
    paidAt: receipt.paidAt,
    link: {
      href: `${publicUrl}${receipt.linkPath}`,
      label: LINK_LABELS[receipt.kind === 'post' ? 'post' : 'plan'],
    },
    supportEmail: mailer.supportEmail,
  });
  await mailer.send({ to: row.email, ...mail });
  await db.update(receipts).set({ sentAt: new Date() }).where(eq(receipts.id, receipt.id));
}
