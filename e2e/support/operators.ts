import { connectDatabase } from '../../apps/server/src/db/client';
import { setOperator } from '../../apps/server/src/modules/operator/grant';
import { e2eDatabaseUrl } from './jobs';

/**
 * Makes the account of `email` an operator in the e2e server's database, through the function
 * `npm run operator:grant` runs (docs/product/reports-and-takedown.md).
 */
export async function grantOperator(baseURL: string, email: string): Promise<void> {
  const database = connectDatabase(e2eDatabaseUrl(baseURL), { poolSize: 1 });
  try {
    const change = await setOperator(database.db, email, true);
    if (change !== 'granted') throw new Error(`operator:grant ${email}: ${change}`);
  } finally {
    await database.close();
  }
}
