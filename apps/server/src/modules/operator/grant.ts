/**
 * The operator role (docs/product/reports-and-takedown.md): granted and taken back only from the
 * command line (`npm run operator:grant -- <email>`, `npm run operator:revoke -- <email>`), by
 * whoever runs the installation. No route or page changes it.
 */
import { sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { users } from '../../db/schema';

export type TOperatorChange = 'granted' | 'revoked' | 'unchanged' | 'no-account';

/**
 * Makes the account of `email` an operator (`operator` true) or no longer one. A change of the
 * account's row is announced to every instance's session cache, so the console opens, or closes,
 * at the account's next request.
 */
export async function setOperator(
  db: TDatabase,
  email: string,
  operator: boolean,
): Promise<TOperatorChange> {
  const address = email.trim().toLowerCase();
  const [account] = await db
    .select({ id: users.id, isOperator: users.isOperator })
    .from(users)
    .where(sql`lower(${users.email}) = ${address} and ${users.deletedAt} is null`);
  if (!account) return 'no-account';
  if (account.isOperator === operator) return 'unchanged';
  await db
    .update(users)
    .set({ isOperator: operator, updatedAt: new Date() })
    .where(sql`${users.id} = ${account.id}`);
  return operator ? 'granted' : 'revoked';
}
