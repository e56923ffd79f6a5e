import pg from 'pg';
import { e2eDatabaseUrl } from './jobs';

/**
 * Ends the hold of every pending sale of the account with `email` in the e2e server's database,
 * as if the hold period had passed (docs/decisions/0038-refunds-disputes-and-held-earnings.md).
 */
export async function endHolds(baseURL: string, email: string): Promise<void> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl(baseURL) });
  await client.connect();
  try {
    await client.query(
      `update post_purchases set available_at = now() - interval '1 second'
        where status = 'pending'
          and workspace_id = (select id from users where lower(email) = lower($1))`,
      [email],
    );
  } finally {
    await client.end();
  }
}
