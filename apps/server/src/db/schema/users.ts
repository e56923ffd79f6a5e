import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`)],
);

export type TUserRow = typeof users.$inferSelect;
