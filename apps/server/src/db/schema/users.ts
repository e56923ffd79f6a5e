import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; addresses are compared case-insensitively. */
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    /** argon2id hash (see modules/auth/passwords.ts); null for accounts that only ever signed in with Google. */
    passwordHash: text('password_hash'),
    /** Google's stable subject id, once the account has signed in with Google. */
    googleSubject: text('google_subject').unique(),
    /**
     * The address the owner proved to receive mail at (a confirmation link, a reset link or
     * Google). The account's e-mail counts as verified only while it equals this, so a changed
     * address is unverified until proven (docs/decisions/0022-email-verification-and-google-linking.md).
     */
    verifiedEmail: text('verified_email'),
    /**
     * When the account became a creator: at sign-up, unless it signed up to buy a post, or when
     * it first started the onboarding or got an influencer (a trigger, see the migration). Null
     * for a fan-only account (docs/product/accounts.md, 'Fans and creators').
     */
    creatorSince: timestamp('creator_since', { withTimezone: true }),
    /**
     * An operator of this installation: reviews reports and refusals at /operator. Granted only
     * by `npm run operator:grant` (docs/product/trust-and-safety.md).
     */
    isOperator: boolean('is_operator').notNull().default(false),
    /** Suspended by an operator: no sign-in, no jobs, no publishing. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /**
     * Deleted by its owner: the row stays, emptied of the person (no address, name or password),
     * only so that what fans bought stays theirs (docs/product/trust-and-safety.md).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`)],
);

export type TUserRow = typeof users.$inferSelect;
