import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** What a receipt is for. */
export type TReceiptKind = 'post' | 'plan' | 'renewal' | 'upgrade';

/**
 * A receipt mailed for one payment (docs/product/plans-and-credits.md, "Receipts"). `reference`
 * names the payment (a purchase, a Stripe invoice, a TEST MODE checkout or renewal) and is
 * unique: however often a payment is reported, one row is written, and its mail is queued only
 * in the transaction that wrote it.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    kind: text('kind').$type<TReceiptKind>().notNull(),
    /** What was bought, as the receipt names it: 'Post by Ava Rose', 'Launch plan, monthly'. */
    description: text('description').notNull(),
    /** What was charged, in cents: Stripe's figure, or the TEST MODE checkout's. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    provider: text('provider').$type<'stripe' | 'test'>().notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    /** Muse's page for what was bought, relative to PUBLIC_URL. */
    linkPath: text('link_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its mail went out; null while it waits in the queue. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('receipts_reference_key').on(table.reference),
    index('receipts_user_created_idx').on(table.userId, table.createdAt),
  ],
);
